import { describe, expect, it } from 'vitest';
import { newVapidKeys } from './push-request';
import { VAPID_TOKEN_LIFETIME_MS, vapidSigner } from './vapid-signer';

const vapid = { ...newVapidKeys(), subject: 'mailto:ops@example.com' };
const HOUR = 60 * 60 * 1000;

function claimsOf(header: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match?.[2]).toBe(vapid.publicKey);
  return JSON.parse(Buffer.from(match?.[1]?.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('vapidSigner', () => {
  it('signs for the push service origin, naming the subject, valid for 12 hours', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const header = vapidSigner(vapid, () => now).authorization('https://push.example.net/send/abc');
    expect(claimsOf(header)).toEqual({
      aud: 'https://push.example.net',
      sub: 'mailto:ops@example.com',
      exp: (now + VAPID_TOKEN_LIFETIME_MS) / 1000,
    });
  });

  it('reuses one token for every device on the same push service until an hour before it ends', () => {
    let now = Date.UTC(2026, 10, 26, 12);
    const signer = vapidSigner(vapid, () => now);
    const first = signer.authorization('https://push.example.net/send/a');
    expect(signer.authorization('https://push.example.net/send/b')).toBe(first);
    now += 10 * HOUR;
    expect(signer.authorization('https://push.example.net/send/c')).toBe(first);
    now += HOUR;
    const renewed = signer.authorization('https://push.example.net/send/c');
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp * 1000).toBe(now + VAPID_TOKEN_LIFETIME_MS);
  });

  it('signs apart for each push service', () => {
    const signer = vapidSigner(vapid, () => Date.UTC(2026, 10, 26, 12));
    const apple = signer.authorization('https://web.push.apple.com/QAB');
    const google = signer.authorization('https://fcm.googleapis.com/fcm/send/xyz');
    expect(claimsOf(apple).aud).toBe('https://web.push.apple.com');
    expect(claimsOf(google).aud).toBe('https://fcm.googleapis.com');
  });

  it('keeps at most its bound of tokens, forgetting the least recently used first', () => {
    let now = Date.UTC(2026, 10, 26, 12);
    const signer = vapidSigner(vapid, () => now, 2);
    const a = signer.authorization('https://a.example/1');
    const b = signer.authorization('https://b.example/1');
    // Used again: `a` is now the most recent, `b` the one to go.
    expect(signer.authorization('https://a.example/2')).toBe(a);
    signer.authorization('https://c.example/1');
    // A second later a new token differs from a kept one (its exp moves).
    now += 1000;
    expect(signer.authorization('https://a.example/3')).toBe(a);
    expect(signer.authorization('https://b.example/2')).not.toBe(b);
  });
});
