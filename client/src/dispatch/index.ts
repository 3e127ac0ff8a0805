// Non-React dispatch logic of the client: preparing images on the device before upload.
export { base64OfBytes } from './base64';
export { browserImageCodec, type DecodedImage, type ImageCodec } from './image-codec';
export {
  CONVERT_OVER_BYTES,
  IMAGE_MAX_BYTES,
  JPEG_QUALITY,
  type PreparedImage,
  type PrepareImageDeps,
  prepareDispatchImage,
  TARGET_LONG_SIDE,
} from './prepare-image';
