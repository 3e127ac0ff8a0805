import { PUSH_DEVICE_NAME_CHARS, PUSH_WAKE_BYTES, type PushWake } from '@ringback/protocol';
import { UnsendablePush } from './push-queue';
import type { WakeContent } from './push-request';

/**
 * A push's content, made on the relay's main thread: the push sender's thread never loads the
 * protocol package (its start would cost seconds of a loaded machine's CPU).
 */
export function wakeContent(wake: PushWake): WakeContent {
  const last = wake.kind === 'ended' || wake.kind === 'missed';
  return { eventId: wake.id, last, payload: wakePayload(wake).toString('utf8') };
}

/**
 * What a push carries, before it is encrypted: the `PushWake` JSON padded with trailing spaces to
 * exactly `PUSH_WAKE_BYTES` of UTF-8, so a push service (or anyone watching it) cannot tell a
 * ring from the end of a call, or one device's name from another, by its size. The device's name
 * is cut to `PUSH_DEVICE_NAME_CHARS` (whole characters), and further if its JSON escapes would
 * not fit. Throws an UnsendablePush (never retried: it would not fit the next time either) when
 * the rest does not fit.
 */
export function wakePayload(wake: PushWake): Buffer {
  let byName =
    wake.byName === undefined ? undefined : Array.from(wake.byName).slice(0, PUSH_DEVICE_NAME_CHARS);
  for (;;) {
    const json = JSON.stringify(byName === undefined ? wake : { ...wake, byName: byName.join('') });
    const size = Buffer.byteLength(json, 'utf8');
    if (size <= PUSH_WAKE_BYTES) return Buffer.from(json + ' '.repeat(PUSH_WAKE_BYTES - size), 'utf8');
    if (!byName || byName.length === 0)
      throw new UnsendablePush(`a push for call ${wake.id} does not fit in ${PUSH_WAKE_BYTES} bytes`);
    byName = byName.slice(0, -1);
  }
}
