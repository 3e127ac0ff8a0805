const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ALPHABET_CODES = new TextEncoder().encode(ALPHABET);
const ASCII = new TextDecoder();
const STRICT_TEXT = /^[A-Za-z0-9_-]*$/;

const DECODE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/**
 * Node's Buffer, where there is one: its base64url codec is native, ten times and more faster
 * than a loop in script, which matters on every sealed frame of audio. Found at run time, so the
 * same code runs in a page (which has no Buffer and takes the loops below).
 */
interface NodeBufferLike {
  from(
    buffer: ArrayBufferLike,
    byteOffset: number,
    length: number,
  ): { toString(encoding: 'base64url'): string };
  from(text: string, encoding: 'base64url'): Uint8Array;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
/**
 * Shorter texts are decoded by the loop: Node pools small buffers, and a key's bytes must stay
 * in memory that its holder can wipe.
 */
const NATIVE_DECODE_MIN_LENGTH = 1024;

/** Base64url without padding (RFC 4648 §5). `Uint8Array.toBase64` is not in Node 20. */
export function encodeBase64url(bytes: Uint8Array): string {
  if (nodeBuffer)
    return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
  return encodeBase64urlByLoop(bytes);
}

/** The encoder in script: ASCII codes into bytes, made a string once (no string built piece by piece). */
export function encodeBase64urlByLoop(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil((bytes.length * 4) / 3));
  let o = 0;
  let i = 0;
  const code = (n: number) => ALPHABET_CODES[n & 63] as number;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = code(n >> 18);
    out[o++] = code(n >> 12);
    out[o++] = code(n >> 6);
    out[o++] = code(n);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out[o++] = code(n >> 18);
    out[o++] = code(n >> 12);
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out[o++] = code(n >> 18);
    out[o++] = code(n >> 12);
    out[o++] = code(n >> 6);
  }
  return ASCII.decode(out.subarray(0, o));
}

/**
 * Strict decoding: padding, whitespace, the standard alphabet and non-zero trailing bits are all
 * refused, so every byte string has exactly one accepted text and a key or ciphertext cannot be
 * altered in transit without the text changing. Returns null instead of throwing.
 */
export function decodeBase64url(text: string): Uint8Array | null {
  if (!nodeBuffer || text.length < NATIVE_DECODE_MIN_LENGTH) return decodeBase64urlByLoop(text);
  // Buffer's own decoder is lenient (it skips what it does not know): the text is checked first.
  const tail = text.length % 4;
  if (tail === 1 || !STRICT_TEXT.test(text)) return null;
  const last = DECODE[text.charCodeAt(text.length - 1)] as number;
  if (tail !== 0 && (last & (tail === 2 ? 0x0f : 0x03)) !== 0) return null;
  const decoded = nodeBuffer.from(text, 'base64url');
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
}

/** The decoder in script, as strict as `decodeBase64url`. */
export function decodeBase64urlByLoop(text: string): Uint8Array | null {
  const tail = text.length % 4;
  if (tail === 1) return null;
  const out = new Uint8Array(Math.floor(text.length / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (DECODE[code] as number) : -1;
    if (value < 0) return null;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
