import { useRef } from 'react';
import { useText } from '../../i18n';
import { ImageThumb } from './ImageThumb';
import type { DispatchImageItem } from './types';
import './images.css';

export type Props = {
  images: DispatchImageItem[];
  /** Names of dropped or pasted files that were not images. */
  refused: string[];
  onPickFiles: (files: File[]) => void;
  onRemoveImage: (id: string) => void;
  onRetryImage: (id: string) => void;
};

/** The attach button (a hidden multiple file input) and the thumbnails of the attached images. */
export function ImageTray({ images, refused, onPickFiles, onRemoveImage, onRetryImage }: Props) {
  const t = useText();
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="rb-images" aria-label={t('Images')}>
      <div className="rb-images-head">
        <button type="button" className="rb-btn rb-btn--small" onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span> {t('Add images')}
        </button>
        <p className="rb-hint">{t('or paste, or drop them here')}</p>
        <input
          ref={input}
          className="rb-visually-hidden"
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-label={t('Choose images')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so picking the same file again still counts as a change.
            event.target.value = '';
            if (files.length > 0) onPickFiles(files);
          }}
        />
      </div>
      {refused.length > 0 && (
        <p className="rb-error" role="alert">
          {t(refused.length === 1 ? 'Not an image, left out: {names}' : 'Not images, left out: {names}', {
            names: refused.join(', '),
          })}
        </p>
      )}
      {images.length > 0 && (
        <ul className="rb-list rb-thumbs">
          {images.map((image) => (
            <ImageThumb key={image.id} image={image} onRemove={onRemoveImage} onRetry={onRetryImage} />
          ))}
        </ul>
      )}
    </section>
  );
}
