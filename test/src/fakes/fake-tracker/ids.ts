import { createHash, randomBytes } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 like the rows Multica creates: ids sort by creation time. A 12-bit counter in
 * rand_a keeps ids minted in the same millisecond in creation order, so "newest first" by id
 * is stable in fast tests.
 */
export function uuidv7(nowMs = Date.now()): string {
  if (nowMs <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = nowMs;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const ms = BigInt(lastMs);
  for (let i = 0; i < 6; i += 1) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** A personal access token as Multica mints it: `mul_` + 40 lowercase hex (20 random bytes). */
export function newPat(): string {
  return `mul_${randomBytes(20).toString('hex')}`;
}

/** PATs are stored hashed, as Multica does; the fake keeps the same habit so no test relies on plaintext. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
