import { describe, expect, it, vi } from 'vitest';
import { base64OfBytes } from './base64';
import type { DecodedImage, ImageCodec } from './image-codec';
import { CONVERT_OVER_BYTES, IMAGE_MAX_BYTES, prepareDispatchImage } from './prepare-image';

const MB = 1024 * 1024;
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

/** A codec that reports a fixed size and records what it was asked to encode. */
function fakeCodec(width: number, height: number) {
  const close = vi.fn();
  const encodeJpeg = vi.fn(async (_image: DecodedImage, _w: number, _h: number, _q: number) => {
    return new Blob([JPEG_BYTES], { type: 'image/jpeg' });
  });
  const codec: ImageCodec = { decode: vi.fn(async () => ({ width, height, close })), encodeJpeg };
  return { codec, encodeJpeg, close };
}

function file(name: string, type: string, size = 16): File {
  return new File([new Uint8Array(size).fill(7)], name, { type });
}

describe('prepareDispatchImage', () => {
  it('sends a small PNG, JPEG, WebP or GIF within 2048 px as is', async () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['b.jpg', 'image/jpeg'],
      ['c.webp', 'image/webp'],
      ['d.gif', 'image/gif'],
    ] as const) {
      const { codec, encodeJpeg, close } = fakeCodec(2048, 1000);
      const result = await prepareDispatchImage(file(name, type, 10), { codec });
      expect(result).toEqual({
        name,
        type,
        data: base64OfBytes(new Uint8Array(10).fill(7)),
        bytes: 10,
        converted: false,
      });
      expect(encodeJpeg).not.toHaveBeenCalled();
      expect(close).toHaveBeenCalledOnce();
    }
  });

  it('converts a file over 1.5 MB to a JPEG without upscaling it', async () => {
    const { codec, encodeJpeg } = fakeCodec(1200, 800);
    const result = await prepareDispatchImage(file('shot.png', 'image/png', CONVERT_OVER_BYTES + 1), {
      codec,
    });
    expect(encodeJpeg).toHaveBeenCalledWith(expect.anything(), 1200, 800, 0.85);
    expect(result).toEqual({
      name: 'shot.jpg',
      type: 'image/jpeg',
      data: base64OfBytes(JPEG_BYTES),
      bytes: JPEG_BYTES.length,
      converted: true,
    });
  });

  it('keeps a file of exactly 1.5 MB as is', async () => {
    const { codec } = fakeCodec(100, 100);
    const result = await prepareDispatchImage(file('edge.jpeg', 'image/jpeg', CONVERT_OVER_BYTES), { codec });
    expect(result.converted).toBe(false);
    expect(result.bytes).toBe(CONVERT_OVER_BYTES);
  });

  it('scales a long side over 2048 down to 2048, keeping the aspect, landscape and portrait', async () => {
    const wide = fakeCodec(4096, 3072);
    await prepareDispatchImage(file('wide.png', 'image/png'), { codec: wide.codec });
    expect(wide.encodeJpeg).toHaveBeenCalledWith(expect.anything(), 2048, 1536, 0.85);

    const tall = fakeCodec(1000, 3000);
    const result = await prepareDispatchImage(file('tall.webp', 'image/webp'), { codec: tall.codec });
    expect(tall.encodeJpeg).toHaveBeenCalledWith(expect.anything(), 683, 2048, 0.85);
    expect(result.name).toBe('tall.jpg');
    expect(tall.close).toHaveBeenCalledOnce();
  });

  it('converts other image types (HEIC, BMP, SVG) and unknown types that decode', async () => {
    for (const [name, type, expected] of [
      ['IMG_0001.HEIC', 'image/heic', 'IMG_0001.jpg'],
      ['scan.bmp', 'image/bmp', 'scan.jpg'],
      ['logo.svg', 'image/svg+xml', 'logo.jpg'],
      ['pasted', '', 'pasted.jpg'],
      ['', '', 'image.jpg'],
      ['my.photo.tiff', 'image/tiff', 'my.photo.jpg'],
    ] as const) {
      const { codec, encodeJpeg } = fakeCodec(640, 480);
      const result = await prepareDispatchImage(file(name, type), { codec });
      expect(result).toMatchObject({ name: expected, type: 'image/jpeg', converted: true });
      expect(encodeJpeg).toHaveBeenCalledWith(expect.anything(), 640, 480, 0.85);
    }
  });

  it('refuses non-images before decoding', async () => {
    const { codec } = fakeCodec(10, 10);
    await expect(prepareDispatchImage(file('notes.pdf', 'application/pdf'), { codec })).rejects.toThrow(
      'notes.pdf is not an image.',
    );
    await expect(prepareDispatchImage(file('a.txt', 'text/plain'), { codec })).rejects.toThrow(
      /not an image/,
    );
    expect(codec.decode).not.toHaveBeenCalled();
  });

  it('refuses files the device cannot decode', async () => {
    const codec: ImageCodec = {
      decode: async () => {
        throw new Error('InvalidStateError');
      },
      encodeJpeg: vi.fn(),
    };
    await expect(prepareDispatchImage(file('broken.png', 'image/png'), { codec })).rejects.toThrow(
      'broken.png is not an image this device can read.',
    );
    await expect(prepareDispatchImage(file('mystery', ''), { codec })).rejects.toThrow(
      /cannot read|can read/,
    );
  });

  it('refuses files over 100 MB and accepts exactly 100 MB', async () => {
    const { codec, encodeJpeg } = fakeCodec(8000, 6000);
    const huge = file('huge.png', 'image/png', 1);
    Object.defineProperty(huge, 'size', { value: IMAGE_MAX_BYTES + 1 });
    await expect(prepareDispatchImage(huge, { codec })).rejects.toThrow('huge.png is over 100 MB.');
    expect(codec.decode).not.toHaveBeenCalled();

    const limit = file('limit.png', 'image/png', 1);
    Object.defineProperty(limit, 'size', { value: 100 * MB });
    const result = await prepareDispatchImage(limit, { codec });
    expect(result.converted).toBe(true);
    expect(encodeJpeg).toHaveBeenCalledWith(expect.anything(), 2048, 1536, 0.85);
  });

  it('reports an encoding failure in words and still frees the decoded image', async () => {
    const close = vi.fn();
    const codec: ImageCodec = {
      decode: async () => ({ width: 5000, height: 5000, close }),
      encodeJpeg: async () => {
        throw new Error('no canvas');
      },
    };
    await expect(prepareDispatchImage(file('big.png', 'image/png'), { codec })).rejects.toThrow(
      'big.png could not be converted to JPEG on this device.',
    );
    expect(close).toHaveBeenCalledOnce();
  });

  it('names an unnamed blob by its type when sent as is', async () => {
    const { codec } = fakeCodec(10, 10);
    const blob = new Blob([new Uint8Array(4)], { type: 'image/jpeg' });
    expect((await prepareDispatchImage(blob, { codec })).name).toBe('image.jpg');
  });
});

describe('base64OfBytes', () => {
  it('matches Buffer for sizes around the chunk boundaries', () => {
    for (const size of [0, 1, 2, 3, 36_863, 36_864, 36_865, 200_000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) % 256);
      expect(base64OfBytes(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
