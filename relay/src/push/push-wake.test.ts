import { PUSH_DEVICE_NAME_CHARS, PUSH_WAKE_BYTES, type PushWake } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { UnsendablePush } from './push-queue';
import { wakePayload } from './push-wake';

const parsed = (payload: Buffer) => JSON.parse(payload.toString('utf8')) as PushWake;

describe('wakePayload', () => {
  it('pads every kind of push to the same number of bytes', () => {
    const wakes: PushWake[] = [
      { id: 'evt-1', kind: 'ring' },
      { id: 'evt-1', kind: 'missed' },
      { id: 'x'.repeat(64), kind: 'ended', status: 'answered', by: 'd'.repeat(64), byName: 'é'.repeat(80) },
    ];
    for (const wake of wakes) {
      const payload = wakePayload(wake);
      expect(payload).toHaveLength(PUSH_WAKE_BYTES);
      expect(payload.toString('utf8')).toMatch(/^\{.*\} *$/);
    }
    expect(parsed(wakePayload({ id: 'evt-1', kind: 'ring' }))).toEqual({ id: 'evt-1', kind: 'ring' });
  });

  it('cuts the device name to whole characters, and further when its escapes would not fit', () => {
    const long = `${'😀'.repeat(30)}${'a'.repeat(30)}`;
    const cut = parsed(
      wakePayload({ id: 'evt-1', kind: 'ended', status: 'rejected', by: 'dev-1', byName: long }),
    );
    expect(cut.byName).toBe(Array.from(long).slice(0, PUSH_DEVICE_NAME_CHARS).join(''));

    const escapes = '\u0001'.repeat(PUSH_DEVICE_NAME_CHARS);
    const wake = {
      id: 'i'.repeat(64),
      kind: 'ended',
      status: 'answered',
      by: 'b'.repeat(64),
      byName: escapes,
    } as const;
    const payload = wakePayload(wake);
    expect(payload).toHaveLength(PUSH_WAKE_BYTES);
    const fitted = parsed(payload).byName ?? '';
    expect(fitted.length).toBeGreaterThan(0);
    expect(escapes.startsWith(fitted)).toBe(true);
  });

  it('throws an UnsendablePush for a wake that cannot fit, so it is never retried', () => {
    expect(() =>
      wakePayload({ id: '😀'.repeat(64), kind: 'ended', status: 'answered', by: '\u0001'.repeat(64) }),
    ).toThrow(UnsendablePush);
  });
});
