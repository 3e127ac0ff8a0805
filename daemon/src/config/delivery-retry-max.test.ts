import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDaemon } from '../daemon';
import { createMemoryLogger } from '../log/logger';
import { deliveryRetryMaxFromEnv } from './delivery-retry-max';

describe('RINGBACK_DELIVERY_RETRY_MAX_MS', () => {
  it('is absent unless set: deliveries back off up to 5 min', () => {
    expect(deliveryRetryMaxFromEnv({})).toBeUndefined();
    expect(deliveryRetryMaxFromEnv({ RINGBACK_DELIVERY_RETRY_MAX_MS: '' })).toBeUndefined();
  });

  it('takes a whole number of milliseconds from 1 s to 5 min', () => {
    expect(deliveryRetryMaxFromEnv({ RINGBACK_DELIVERY_RETRY_MAX_MS: '1000' })).toBe(1000);
    expect(deliveryRetryMaxFromEnv({ RINGBACK_DELIVERY_RETRY_MAX_MS: ' 15000 ' })).toBe(15_000);
    expect(deliveryRetryMaxFromEnv({ RINGBACK_DELIVERY_RETRY_MAX_MS: '300000' })).toBe(300_000);
  });

  it.each(['soon', '0', '999', '300001', '1.5e3', '2000.5', '-5000'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => deliveryRetryMaxFromEnv({ RINGBACK_DELIVERY_RETRY_MAX_MS: value })).toThrow(
        `RINGBACK_DELIVERY_RETRY_MAX_MS must be a whole number of milliseconds from 1000 to 300000, not "${value}"`,
      );
    },
  );

  it('stops the daemon from starting with a bad value, before it writes anything', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-retry-max-'));
    await expect(
      startDaemon({
        dataDir,
        port: 0,
        logger: createMemoryLogger(),
        env: { RINGBACK_DELIVERY_RETRY_MAX_MS: '5 min' },
      }),
    ).rejects.toThrow('RINGBACK_DELIVERY_RETRY_MAX_MS must be a whole number of milliseconds');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
