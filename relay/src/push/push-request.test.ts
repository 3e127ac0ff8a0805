import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { PUSH_WAKE_BYTES } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import {
  buildPushRequest,
  LAST_PUSH_TTL_SECONDS,
  newVapidKeys,
  PUSH_TTL_SECONDS,
  pushTopic,
} from './push-request';
import { wakeContent } from './push-wake';
import { vapidSigner } from './vapid-signer';

// The reference RFC 8188 implementation web-push itself encrypts with: here it decrypts, as a phone would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

/** A device's subscription keys, as a browser makes them. */
function device() {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  return {
    keys,
    auth,
    subscription: {
      endpoint: 'https://push.example.net/send/abc123',
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

const vapid = { ...newVapidKeys(), subject: 'mailto:ops@example.com' };
const signer = vapidSigner(vapid, Date.now);

describe('buildPushRequest', () => {
  it('encrypts only the call’s id and what the push is for, padded to one size, for the device (aes128gcm)', () => {
    const phone = device();
    const request = buildPushRequest(
      phone.subscription,
      wakeContent({ id: 'evt-0193-call', kind: 'ring' }),
      signer,
    );
    expect(request.endpoint).toBe(phone.subscription.endpoint);
    expect(request.headers['Content-Encoding']).toBe('aes128gcm');
    expect(request.body.includes(Buffer.from('evt-0193-call'))).toBe(false);

    const opened = ece.decrypt(request.body, {
      version: 'aes128gcm',
      privateKey: phone.keys,
      authSecret: phone.auth,
    });
    expect(opened).toHaveLength(PUSH_WAKE_BYTES);
    expect(JSON.parse(opened.toString('utf8'))).toEqual({ id: 'evt-0193-call', kind: 'ring' });
  });

  it('asks for a prompt, short-lived delivery that replaces an older push of the same call', () => {
    const request = buildPushRequest(
      device().subscription,
      wakeContent({ id: 'evt-1', kind: 'ring' }),
      signer,
    );
    expect(request.headers.TTL).toBe(String(PUSH_TTL_SECONDS));
    expect(PUSH_TTL_SECONDS).toBe(60);
    // The last push stays deliverable to a phone that comes back online hours later.
    // Under a topic of its own: a ring reaching the push service later never replaces it.
    for (const kind of ['ended', 'missed'] as const) {
      const last = buildPushRequest(device().subscription, wakeContent({ id: 'evt-1', kind }), signer);
      expect(last.headers.TTL).toBe(String(LAST_PUSH_TTL_SECONDS));
      expect(last.headers.Topic).toBe(pushTopic('evt-1', true));
    }
    expect(pushTopic('evt-1', true)).not.toBe(pushTopic('evt-1'));
    expect(request.headers.Urgency).toBe('high');
    expect(request.headers.Topic).toBe(pushTopic('evt-1'));
    expect(request.headers['Content-Length']).toBeUndefined();
  });

  it('signs with the relay’s VAPID key for the push service’s origin, naming the subject', () => {
    const request = buildPushRequest(
      device().subscription,
      wakeContent({ id: 'evt-1', kind: 'ring' }),
      signer,
    );
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.Authorization ?? '');
    expect(match?.[2]).toBe(vapid.publicKey);
    const claims = JSON.parse(Buffer.from(match?.[1]?.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ aud: 'https://push.example.net', sub: 'mailto:ops@example.com' });
  });
});

describe('pushTopic', () => {
  it('is a short base64url hash of the event id, the same for the same call', () => {
    const topic = pushTopic('0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b')).toBe(topic);
    expect(pushTopic('another')).not.toBe(topic);
    expect(topic).not.toContain('0193');
  });
});

describe('newVapidKeys', () => {
  it('makes an uncompressed P-256 public key and a 32-byte private key, base64url', () => {
    const keys = newVapidKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(newVapidKeys().publicKey).not.toBe(keys.publicKey);
  });
});
