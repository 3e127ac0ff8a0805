import { UPLOAD_IMAGE_MAX_BYTES } from '@ringback/protocol';
import { base64OfBytes } from './base64';
import { browserImageCodec, type DecodedImage, type ImageCodec } from './image-codec';

/** The spec's dispatch image rules (client Limits): converted when over 1.5 MB or 2048 px. */
export const CONVERT_OVER_BYTES = 1.5 * 1024 * 1024;
export const TARGET_LONG_SIDE = 2048;
export const JPEG_QUALITY = 0.85;
/** The daemon refuses bigger uploads, so they are refused here before any work. */
export const IMAGE_MAX_BYTES = UPLOAD_IMAGE_MAX_BYTES;

/** Types the tracker shows everywhere; any other image type is converted to JPEG. */
const SENT_AS_IS = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export type PreparedImage = {
  name: string;
  type: string;
  /** Base64 of the bytes to upload (`POST /tracker/uploads` `data`). */
  data: string;
  bytes: number;
  converted: boolean;
};

export type PrepareImageDeps<T extends DecodedImage = DecodedImage> = {
  /** Decoding and JPEG encoding; the browser's (createImageBitmap + canvas) by default. */
  codec?: ImageCodec<T>;
};

type NamedBlob = Blob & { name?: string };

/**
 * Makes one picked, pasted or dropped file ready to upload: sent as is when it is a PNG, JPEG,
 * WebP or GIF of at most 1.5 MB with a long side of at most 2048 px; otherwise converted on the
 * device to a JPEG with a long side of 2048 (never upscaled). Non-images and files over 100 MB
 * are refused with a sentence the screen can show.
 */
export function prepareDispatchImage<T extends DecodedImage>(
  file: NamedBlob,
  deps?: PrepareImageDeps<T>,
): Promise<PreparedImage> {
  if (deps?.codec) return prepare(file, deps.codec);
  return prepare(file, browserImageCodec);
}

async function prepare<T extends DecodedImage>(
  file: NamedBlob,
  codec: ImageCodec<T>,
): Promise<PreparedImage> {
  const label = file.name?.trim() || 'The file';
  const type = file.type.trim().toLowerCase();
  // An empty type (some drags and pastes) may still be an image: decoding decides.
  if (type && !type.startsWith('image/')) throw new Error(`${label} is not an image.`);
  if (file.size > IMAGE_MAX_BYTES) throw new Error(`${label} is over 100 MB.`);

  let image: T;
  try {
    image = await codec.decode(file);
  } catch {
    throw new Error(`${label} is not an image this device can read.`);
  }
  try {
    const longSide = Math.max(image.width, image.height);
    if (!(longSide > 0)) throw new Error(`${label} is not an image this device can read.`);
    const needsConversion =
      !SENT_AS_IS.has(type) || file.size > CONVERT_OVER_BYTES || longSide > TARGET_LONG_SIDE;
    if (!needsConversion) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      return {
        name: file.name?.trim() || `image.${extensionOf(type)}`,
        type,
        data: base64OfBytes(bytes),
        bytes: bytes.length,
        converted: false,
      };
    }
    const scale = Math.min(1, TARGET_LONG_SIDE / longSide);
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    let jpeg: Blob;
    try {
      jpeg = await codec.encodeJpeg(image, width, height, JPEG_QUALITY);
    } catch {
      throw new Error(`${label} could not be converted to JPEG on this device.`);
    }
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    return {
      name: `${baseName(file.name)}.jpg`,
      type: 'image/jpeg',
      data: base64OfBytes(bytes),
      bytes: bytes.length,
      converted: true,
    };
  } finally {
    image.close?.();
  }
}

/** `photo.heic` → `photo`; `archive.tar.png` → `archive.tar`; no name → `image`. */
function baseName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  const dot = trimmed.lastIndexOf('.');
  const base = dot > 0 ? trimmed.slice(0, dot) : trimmed;
  return base || 'image';
}

function extensionOf(type: string): string {
  if (type === 'image/jpeg') return 'jpg';
  return type.slice('image/'.length) || 'img';
}
