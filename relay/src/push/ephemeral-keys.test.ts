import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EphemeralKeys } from './ephemeral-keys';

describe('EphemeralKeys', () => {
  it('makes pairs ahead, up to its target, and hands each out once', async () => {
    const keys = new EphemeralKeys(40);
    while (keys.ready < 40) await sleep(1);
    const taken = Array.from({ length: 60 }, () => keys.take().getPublicKey('base64'));
    expect(new Set(taken).size).toBe(60);
    expect(taken.every((key) => Buffer.from(key, 'base64').length === 65)).toBe(true);
  });

  it('makes one on the spot when none is ready, and refills once takes pause', async () => {
    const keys = new EphemeralKeys(0);
    expect(keys.ready).toBe(0);
    expect(keys.take().getPublicKey()).toHaveLength(65);
    const filling = new EphemeralKeys(8);
    filling.take();
    while (filling.ready < 8) await sleep(1);
    expect(filling.ready).toBe(8);
  });
});
