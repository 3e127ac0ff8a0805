/**
 * The relay's VAPID public key as `pushManager.subscribe` takes it: base64url text (an uncompressed
 * P-256 point, 65 bytes) decoded to bytes. Throws on text that is not base64url, so a relay that
 * answers garbage fails here with a reason rather than inside the browser's push service.
 */
export function applicationServerKeyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(publicKey))
    throw new Error("the relay's push key is not base64url text");
  const base64 = publicKey.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether a subscription was made for `key`: browsers keep the key they subscribed with in
 * `subscription.options.applicationServerKey`. Null (a browser that does not say) counts as the
 * same key, since the subscription cannot be shown to be stale.
 */
export function madeForKey(held: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (held === null || held === undefined) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}
