import { useCallback, useEffect, useRef, useState } from 'react';
import { type PreparedImage, prepareDispatchImage } from '../../dispatch';
import { randomId } from '../session/random-id';

/** An image attached on the dispatch screen: prepared on the device (converted when needed) as soon as it is added. */
export type AttachedImage = {
  id: string;
  name: string;
  file: File;
  prepared: PreparedImage | null;
  /** Why it could not be prepared, in words. */
  error: string | null;
};

/** The attached images in order; each is prepared on the device once, in the background. */
export function useDispatchImages() {
  const [images, setImages] = useState<AttachedImage[]>([]);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const prepare = useCallback((image: AttachedImage) => {
    prepareDispatchImage(image.file).then(
      (prepared) => settle(image.id, { prepared, error: null }),
      (error: unknown) => settle(image.id, { prepared: null, error: (error as Error).message }),
    );
    function settle(id: string, result: Pick<AttachedImage, 'prepared' | 'error'>) {
      if (!mounted.current) return;
      setImages((current) => current.map((item) => (item.id === id ? { ...item, ...result } : item)));
    }
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        id: randomId(),
        name: file.name || 'image',
        file,
        prepared: null,
        error: null,
      }));
      setImages((current) => [...current, ...added]);
      for (const image of added) prepare(image);
    },
    [prepare],
  );
  const remove = useCallback(
    (id: string) => setImages((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const retry = useCallback(
    (id: string) => {
      const image = images.find((item) => item.id === id);
      if (!image?.error) return;
      setImages((current) => current.map((item) => (item.id === id ? { ...item, error: null } : item)));
      prepare(image);
    },
    [images, prepare],
  );
  const clear = useCallback(() => setImages([]), []);
  return { images, add, remove, retry, clear };
}
