import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { PushBuildError, threadPushBuilder } from './push-builder';

// The reference RFC 8188 implementation web-push itself encrypts with: here it decrypts, as a phone would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

const phoneKeys = createECDH('prime256v1');
phoneKeys.generateKeys();
const authSecret = randomBytes(16);
const subscription = {
  endpoint: 'https://push.example.net/send/abc',
  p256dh: phoneKeys.getPublicKey().toString('base64url'),
  auth: authSecret.toString('base64url'),
};

describe('threadPushBuilder', () => {
  const builder = threadPushBuilder();
  afterAll(() => builder.close());

  it('encrypts on its thread a push only the device opens, carrying the header it was given', async () => {
    const pushes = await Promise.all(
      ['evt-1', 'evt-2', 'evt-3'].map((id) => builder.build(subscription, id, 'vapid t=token, k=key')),
    );
    for (const [i, push] of pushes.entries()) {
      expect(push.headers.Authorization).toBe('vapid t=token, k=key');
      expect(push.endpoint).toBe(subscription.endpoint);
      const opened = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: phoneKeys, authSecret });
      expect(JSON.parse(opened.toString('utf8'))).toEqual({ id: `evt-${i + 1}` });
    }
  });

  it('refuses a subscription whose key is no P-256 point, and keeps building for the others', async () => {
    const broken = { ...subscription, p256dh: Buffer.alloc(65, 7).toString('base64url') };
    await expect(builder.build(broken, 'evt-4', 'vapid t=token, k=key')).rejects.toBeInstanceOf(
      PushBuildError,
    );
    await expect(builder.build(subscription, 'evt-5', 'vapid t=token, k=key')).resolves.toMatchObject({
      endpoint: subscription.endpoint,
    });
  });
});
