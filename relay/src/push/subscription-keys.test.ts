import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { whyKeysRefused } from './subscription-keys';

const deviceKey = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
};

describe('whyKeysRefused', () => {
  const auth = randomBytes(16).toString('base64url');

  it('takes the keys a browser makes', () => {
    expect(whyKeysRefused({ p256dh: deviceKey().toString('base64url'), auth })).toBeNull();
  });

  it('refuses a short auth secret and a key that is not a P-256 point', () => {
    const p256dh = deviceKey().toString('base64url');
    expect(whyKeysRefused({ p256dh, auth: randomBytes(8).toString('base64url') })).toMatch(/auth/);
    const offCurve = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
    expect(whyKeysRefused({ p256dh: offCurve, auth })).toMatch(/not a point/);
    const compressed = Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString('base64url');
    expect(whyKeysRefused({ p256dh: compressed, auth })).toMatch(/uncompressed/);
  });
});
