/** ISO-BMFF brands of still images (AVIF, HEIF/HEIC), read from an `ftyp` box. */
const HEIF_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};

/** BITMAPINFOHEADER sizes a real BMP carries, so "BM" alone (two letters) does not pass. */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * The image type the bytes themselves declare (their magic numbers), or null when they are not
 * an image we pass on. The browser-side `type` is a claim; this is what the file is. SVG is left
 * out on purpose: it is text that can carry script, and the app converts it to JPEG anyway.
 */
export function imageTypeOf(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = HEIF_BRANDS[ascii(bytes, 8, 12)];
    if (brand) return brand;
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'image/tiff';
  }
  if (bytes.length >= 26 && ascii(bytes, 0, 2) === 'BM') {
    const dib =
      (bytes[14] ?? 0) | ((bytes[15] ?? 0) << 8) | ((bytes[16] ?? 0) << 16) | ((bytes[17] ?? 0) << 24);
    if (BMP_DIB_SIZES.has(dib)) return 'image/bmp';
  }
  return null;
}
