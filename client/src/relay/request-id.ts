/**
 * A random id for requests and replies (base64url of 16 bytes, which the relay's id pattern
 * takes). `crypto.randomUUID` is missing in a page served over plain http://<LAN address>;
 * `getRandomValues` is there in every context.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
