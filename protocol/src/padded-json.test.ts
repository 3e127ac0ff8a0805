import { describe, expect, it } from 'vitest';
import { Aad } from './crypto/aad';
import { generateE2eKey } from './crypto/e2e-key';
import { open, seal } from './crypto/seal';
import { PADDED_MIN_BYTES, PADDED_STEP_BYTES, paddedJson } from './padded-json';
import type { PermissionDecisionPlaintext } from './permission';

const bytes = (text: string) => new TextEncoder().encode(text).length;

const decision = (fields: Partial<PermissionDecisionPlaintext>): PermissionDecisionPlaintext => ({
  kind: 'permission-decision',
  eventId: '5f0c1f9e-8d5e-4c41-9d47-2b0e6f3a9c11',
  requestId: 'hT3x9Q2mWk7Zp4Ls8Vb1Nc6R',
  behavior: 'allow',
  via: 'tap',
  deviceName: 'Chrome on Android',
  decidedAt: 1_767_225_600_000,
  ...fields,
});

describe('paddedJson', () => {
  it('seals allow, deny and a deny with short words to the same ciphertext length', async () => {
    const key = generateE2eKey();
    const aad = Aad.permissionDecision('e', 'r');
    const sealed = await Promise.all(
      [
        decision({ behavior: 'allow' }),
        decision({ behavior: 'deny' }),
        decision({ behavior: 'deny', message: 'Not on a Friday. Deploy to staging first.', via: 'voice' }),
        decision({ behavior: 'allow', deviceName: 'Téléphone d’Anaïs 📱'.repeat(4) }),
      ].map((value) => seal(key, paddedJson(value), aad)),
    );
    expect(new Set(sealed.map((text) => text.length)).size).toBe(1);
    // The padding is a field like any other: the decision opens whole.
    expect(JSON.parse(await open(key, sealed[2] ?? '', aad))).toMatchObject({
      behavior: 'deny',
      message: 'Not on a Friday. Deploy to staging first.',
    });
  });

  it('fills to the first bucket, then to the next step past it, counting UTF-8 bytes', () => {
    expect(bytes(paddedJson({ a: 1 }))).toBe(PADDED_MIN_BYTES);
    for (const size of [900, 1100, 3000]) {
      const text = paddedJson({ message: 'é'.repeat(size) });
      expect(bytes(text) % PADDED_STEP_BYTES).toBe(0);
      expect(bytes(text)).toBeGreaterThanOrEqual(2 * size);
      expect(bytes(text) - 2 * size).toBeLessThan(PADDED_STEP_BYTES + 40);
    }
    expect(JSON.parse(paddedJson({ padding: 'x'.repeat(5000), b: 2 })).b).toBe(2);
    expect(bytes(paddedJson({ padding: 'x'.repeat(5000) }))).toBe(PADDED_MIN_BYTES);
  });
});
