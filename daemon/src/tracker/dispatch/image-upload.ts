import {
  type DispatchAttachment,
  RingbackError,
  type TrackerUploadRequest,
  UPLOAD_IMAGE_MAX_BYTES,
} from '@ringback/protocol';
import { trackerFailure } from '../tracker-failure';
import { imageTypeOf } from './image-type';
import type { TrackerAccess } from './tracker-access';

const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i;
/** Standard or URL-safe alphabet, optional padding. Checked before decoding, as Buffer skips junk. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decoded size of base64 text without decoding it. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * The image of an upload request, checked: base64, at most 100 MB decoded, and image bytes
 * (magic numbers) whatever `type` claims; a `type` that is not `image/*` is refused as well.
 * Anything else is 400 `invalid_dispatch`. Returns the bytes and the type the bytes declare.
 */
export function decodeImage(request: Pick<TrackerUploadRequest, 'type' | 'data'>): {
  bytes: Uint8Array;
  contentType: string;
} {
  const text = request.data.replace(DATA_URL_PREFIX, '');
  if (!BASE64.test(text)) throw new RingbackError('invalid_dispatch', 'data is not base64');
  if (decodedLength(text) > UPLOAD_IMAGE_MAX_BYTES) {
    throw new RingbackError('invalid_dispatch', 'the image is over 100 MB');
  }
  const claimed = request.type.trim().toLowerCase();
  if (claimed && !claimed.startsWith('image/')) {
    throw new RingbackError('invalid_dispatch', `only images can be attached, not ${claimed}`);
  }
  const bytes = Buffer.from(text, 'base64');
  const contentType = imageTypeOf(bytes);
  if (!contentType) {
    throw new RingbackError(
      'invalid_dispatch',
      'the file is not an image (PNG, JPEG, GIF, WebP, AVIF, HEIC, TIFF or BMP)',
    );
  }
  return { bytes, contentType };
}

/** A file name that cannot break a multipart header or a markdown link. */
function safeFilename(name: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || '"\\/'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return cleaned || 'image';
}

/** `POST /tracker/uploads`: one checked image to the tracker's `POST /api/upload-file`, no issue. */
export async function uploadImage(
  access: TrackerAccess,
  workspaceId: string,
  request: Pick<TrackerUploadRequest, 'name' | 'type' | 'data'>,
): Promise<DispatchAttachment> {
  const { bytes, contentType } = decodeImage(request);
  let uploaded: Awaited<ReturnType<TrackerAccess['client']['uploadFile']>>;
  try {
    uploaded = await access.client.uploadFile(workspaceId, {
      filename: safeFilename(request.name),
      contentType,
      data: bytes,
    });
  } catch (error) {
    throw trackerFailure(error);
  }
  // The tracker's degenerate success (§6.3) stored the bytes without a row: nothing to attach.
  const markdownUrl = uploaded.markdown_url || uploaded.url;
  if (!uploaded.id || !markdownUrl) {
    throw new RingbackError(
      'tracker_unreachable',
      'the tracker stored the image but gave no attachment for it',
    );
  }
  return { id: uploaded.id, filename: uploaded.filename || safeFilename(request.name), markdownUrl };
}
