import { useRef } from 'react';
import { useText } from '../../i18n';

export type Props = {
  busy: boolean;
  onFiles: (files: File[]) => void;
};

/** "Add" opens the file chooser for audio files, several at once. */
export function AddTonesButton({ busy, onFiles }: Props) {
  const t = useText();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="audio/*"
        multiple
        hidden
        aria-label={t('Audio files to add')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still adds it.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <button
        type="button"
        className="rb-btn"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => input.current?.click()}
      >
        {t('Add')}
      </button>
    </>
  );
}
