import { useEffect, useState } from 'react';
import { useText } from '../../i18n';
import type { DispatchImageItem } from './types';

const STATE_TEXT = {
  preparing: 'Preparing',
  uploading: 'Uploading',
  uploaded: 'Ready',
  failed: 'Failed',
} as const;

export type Props = {
  image: DispatchImageItem;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
};

/** One attached image: thumbnail, its state, and Remove (and Retry when it failed). */
export function ImageThumb({ image, onRemove, onRetry }: Props) {
  const t = useText();
  const url = useObjectUrl(image.preview);
  const [broken, setBroken] = useState(false);
  const busy = image.state === 'preparing' || image.state === 'uploading';
  return (
    <li className={`rb-thumb rb-thumb--${image.state}`}>
      <div className="rb-thumb-frame">
        {url && !broken ? (
          <img className="rb-thumb-img" src={url} alt={image.name} onError={() => setBroken(true)} />
        ) : (
          // HEIC and friends may not display in this browser: the name stands in for the picture.
          <span className="rb-thumb-name">{image.name}</span>
        )}
        <span className="rb-thumb-state">
          {busy && <span className="rb-spinner rb-thumb-spinner" aria-hidden="true" />}
          {image.state === 'uploaded' && <span aria-hidden="true">✓ </span>}
          {t(STATE_TEXT[image.state])}
          <span className="rb-visually-hidden">: {image.name}</span>
        </span>
        <button
          type="button"
          className="rb-thumb-remove"
          aria-label={t('Remove {name}', { name: image.name })}
          onClick={() => onRemove(image.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {image.state === 'failed' && (
        <div className="rb-thumb-failed">
          {image.error && <p className="rb-error rb-thumb-error">{image.error}</p>}
          <button
            type="button"
            className="rb-btn rb-btn--small"
            aria-label={t('Retry {name}', { name: image.name })}
            onClick={() => onRetry(image.id)}
          >
            {t('Retry')}
          </button>
        </div>
      )}
    </li>
  );
}

/** An object URL for the blob while shown; revoked when the image is removed or the screen closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
