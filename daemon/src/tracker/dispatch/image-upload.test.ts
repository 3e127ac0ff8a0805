import { UPLOAD_IMAGE_MAX_BYTES } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type';
import { decodeImage } from './image-upload';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('imageTypeOf', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', bytes([0, 0, 0, 28], 'ftypavif')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypheic')],
    ['image/tiff', bytes([0x49, 0x49, 0x2a, 0, 8, 0])],
    ['image/bmp', bytes('BM', new Array(12).fill(0), [40, 0, 0, 0], new Array(8).fill(0))],
  ])('knows %s by its bytes', (type, data) => {
    expect(imageTypeOf(data)).toBe(type);
  });

  it.each([
    ['text', bytes('hello world')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['pdf', bytes('%PDF-1.7')],
    ['mp4', bytes([0, 0, 0, 24], 'ftypisom')],
    ['two letters BM', bytes('BM hello world, not a bitmap')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, data) => {
    expect(imageTypeOf(data)).toBeNull();
  });
});

describe('decodeImage', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);

  it('decodes base64, a data URL, and names the type the bytes declare', () => {
    expect(decodeImage({ type: 'image/jpeg', data: png.toString('base64') })).toEqual({
      bytes: png,
      contentType: 'image/png',
    });
    expect(
      decodeImage({ type: '', data: `data:image/png;base64,${png.toString('base64')}` }).contentType,
    ).toBe('image/png');
  });

  it('refuses more than 100 MB without decoding it', () => {
    const over = 'A'.repeat(Math.ceil(((UPLOAD_IMAGE_MAX_BYTES + 1) * 4) / 3) + 4);
    expect(() => decodeImage({ type: 'image/png', data: over })).toThrow(
      expect.objectContaining({ code: 'invalid_dispatch', message: 'the image is over 100 MB' }),
    );
  });
});
