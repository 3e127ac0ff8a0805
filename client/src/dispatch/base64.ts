/**
 * Bytes per btoa call: a multiple of 3 so the pieces join without padding in between, and small
 * enough for String.fromCharCode's argument limit. One binary string of a 100 MB image would not be.
 */
const CHUNK = 3 * 0x3000;

/** Standard base64 of bytes of any size, built in chunks. */
export function base64OfBytes(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const chunk = bytes.subarray(start, start + CHUNK);
    parts.push(btoa(String.fromCharCode(...chunk)));
  }
  return parts.join('');
}
