/**
 * A random id for replies and requests. `crypto.randomUUID` is missing in a page served over
 * plain http://<LAN address>; `getRandomValues` is there in every context.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
