// Sealed text hides what it says, not how long it is. The relay stores and forwards permission
// decisions and their outcomes and sees each one's length; "allow" and "deny" (and "Allowed on"
// and "Denied on") differ by a few bytes, enough to tell the relay what was decided. So these
// plaintexts carry a `padding` field that fills them to a fixed size before they are sealed.

/** The first bucket: any decision or outcome without words, and words of a few hundred bytes. */
export const PADDED_MIN_BYTES = 1024;
/** Past the first bucket, sizes grow in steps this big (a long deny's words show only their step). */
export const PADDED_STEP_BYTES = 256;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/**
 * `value` as JSON with a `padding` field of spaces that makes its UTF-8 length
 * `PADDED_MIN_BYTES`, or the next multiple of `PADDED_STEP_BYTES` past it: values that differ
 * only in a short field seal to the same length. A `padding` already in `value` is replaced.
 */
export function paddedJson(value: object): string {
  const bare = JSON.stringify({ ...value, padding: '' });
  const length = bytes(bare);
  const target =
    length <= PADDED_MIN_BYTES ? PADDED_MIN_BYTES : Math.ceil(length / PADDED_STEP_BYTES) * PADDED_STEP_BYTES;
  // Spaces are one byte each and need no escaping in JSON.
  return JSON.stringify({ ...value, padding: ' '.repeat(target - length) });
}
