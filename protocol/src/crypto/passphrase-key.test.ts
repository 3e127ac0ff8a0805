/// <reference types="node" />
import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RingbackError } from '../errors';
import type { CryptoBackend } from './crypto-backend';
import { deriveE2eKeyFromPassphrase, PASSPHRASE_ITERATIONS, PASSPHRASE_SALT } from './passphrase-key';
import { pureJsBackend } from './pure-js-backend';
import { PASSPHRASE_VECTORS } from './test-vectors';
import { webCryptoBackend } from './web-crypto-backend';

const SLOW = 60_000;

describe('deriveE2eKeyFromPassphrase', () => {
  it.each(PASSPHRASE_VECTORS)(
    'derives the vector key for "$passphrase" in node:crypto and on both backends',
    async ({ passphrase, key }) => {
      const oracle = await promisify(pbkdf2)(
        passphrase,
        PASSPHRASE_SALT,
        PASSPHRASE_ITERATIONS,
        32,
        'sha256',
      );
      expect(`k1_${oracle.toString('base64url')}`).toBe(key);
      const derived = await Promise.all([
        deriveE2eKeyFromPassphrase(passphrase, webCryptoBackend),
        deriveE2eKeyFromPassphrase(passphrase, pureJsBackend),
      ]);
      expect(derived).toEqual([key, key]);
    },
    SLOW,
  );

  it(
    'treats a decomposed passphrase as the same one (NFC)',
    async () => {
      const vector = PASSPHRASE_VECTORS[1];
      if (!vector) throw new Error('missing vector');
      const decomposed = vector.passphrase.normalize('NFD');
      expect(decomposed).not.toBe(vector.passphrase);
      expect(await deriveE2eKeyFromPassphrase(decomposed)).toBe(vector.key);
    },
    SLOW,
  );

  it('passes the salt, the iteration count and the length to the backend, and hands back a k1_ key', async () => {
    const calls: unknown[][] = [];
    const recording: CryptoBackend = {
      ...pureJsBackend,
      async pbkdf2Sha256(...args) {
        calls.push(args);
        return new Uint8Array(32).fill(7);
      },
    };
    const key = await deriveE2eKeyFromPassphrase('twelve chars', recording);
    expect(key).toBe(`k1_${Buffer.alloc(32, 7).toString('base64url')}`);
    expect(calls).toEqual([
      [new TextEncoder().encode('twelve chars'), new TextEncoder().encode('ringback:e2e:v1'), 600_000, 32],
    ]);
  });

  it.each([
    ['empty', ''],
    ['11 characters', 'elevenchars'],
    ['11 emoji, 22 UTF-16 units', '🔑'.repeat(11)],
  ])('rejects a passphrase that is %s with passphrase_too_short', async (_, passphrase) => {
    const attempt = deriveE2eKeyFromPassphrase(passphrase);
    await expect(attempt).rejects.toBeInstanceOf(RingbackError);
    await expect(deriveE2eKeyFromPassphrase(passphrase)).rejects.toMatchObject({
      code: 'passphrase_too_short',
    });
  });

  it('counts code points, so 12 emoji are enough', async () => {
    const fast: CryptoBackend = { ...pureJsBackend, pbkdf2Sha256: async () => new Uint8Array(32) };
    await expect(deriveE2eKeyFromPassphrase('🔑'.repeat(12), fast)).resolves.toMatch(/^k1_/);
  });
});
