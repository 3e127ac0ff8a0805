/** A decoded image: its pixel size, and a way to free it once drawn. */
export type DecodedImage = { width: number; height: number; close?: () => void };

/** Decoding and JPEG encoding, injectable so the rules can be tested without a real canvas. */
export type ImageCodec<T extends DecodedImage = DecodedImage> = {
  /** Rejects when the bytes are not an image this device can decode. */
  decode: (file: Blob) => Promise<T>;
  /** Draws the image scaled to width × height and encodes it as a JPEG. */
  encodeJpeg: (image: T, width: number, height: number, quality: number) => Promise<Blob>;
};

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Context2D, image: ImageBitmap, width: number, height: number): void {
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}

/** The browser's codec: createImageBitmap, then an OffscreenCanvas or, without one, a DOM canvas. */
export const browserImageCodec: ImageCodec<ImageBitmap> = {
  decode: (file) => createImageBitmap(file),
  async encodeJpeg(image, width, height, quality) {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (context) {
        draw(context, image, width, height);
        return canvas.convertToBlob({ type: 'image/jpeg', quality });
      }
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    draw(context, image, width, height);
    return new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot make JPEG images.'))),
        'image/jpeg',
        quality,
      );
    });
  },
};
