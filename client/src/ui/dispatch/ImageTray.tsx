import { useRef } from 'react';
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
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="rb-images" aria-label="Images">
      <div className="rb-images-head">
        <button type="button" className="rb-btn rb-btn--small" onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span> Add images
        </button>
        <p className="rb-hint">or paste, or drop them here</p>
        <input
          ref={input}
          className="rb-visually-hidden"
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-label="Choose images"
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
          Not {refused.length === 1 ? 'an image' : 'images'}, left out: {refused.join(', ')}
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
