import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials, RelayedEvent } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { relayCall } from './push/relay-call';
import { createSilentRelayLogger } from './relay-logger';
import { waitUntil } from './routes/cleanup-fixture';
import { startRelay } from './start-relay';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('RINGBACK_ANSWER_LEASE_MS', () => {
  it('shortens the answer lease of a relay started from the environment (cross-process tests)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-lease-'));
    const previous = process.env.RINGBACK_ANSWER_LEASE_MS;
    process.env.RINGBACK_ANSWER_LEASE_MS = '300';
    const relay = await startRelay({
      dataDir,
      port: 0,
      openSignup: true,
      logger: createSilentRelayLogger(),
    }).finally(() => {
      if (previous === undefined) delete process.env.RINGBACK_ANSWER_LEASE_MS;
      else process.env.RINGBACK_ANSWER_LEASE_MS = previous;
    });
    cleanups.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => relay.close(),
    );

    const daemon = await relayCall<DeviceCredentials>(relay, 'POST', '/v1/accounts', {
      kind: 'daemon',
      name: 'Laptop',
    });
    const { code } = await relayCall<{ code: string }>(
      relay,
      'POST',
      '/v1/pairing-codes',
      {},
      daemon.deviceToken,
    );
    const phone = await relayCall<DeviceCredentials>(relay, 'POST', '/v1/pairing-codes/redeem', {
      code,
      kind: 'app',
      name: 'Phone',
    });
    await relayCall(
      relay,
      'POST',
      '/v1/daemon/events',
      {
        eventId: 'evt-1',
        source: 'codex',
        occurredAt: new Date().toISOString(),
        sealed: 'e1.abcdefghijkl.iv.c2VhbGVk',
      },
      daemon.deviceToken,
    );
    await relayCall(relay, 'POST', '/v1/events/evt-1/status', { status: 'answered' }, phone.deviceToken);

    const read = () =>
      relayCall<RelayedEvent>(relay, 'GET', '/v1/events/evt-1', undefined, daemon.deviceToken);
    // Two minutes by default: given back within the test's deadline only because the variable shortened it.
    await waitUntil(async () => (await read()).status === 'pending', 'the lease to lapse', 15_000);
    expect((await read()).unfinishedBy).toEqual({ deviceId: phone.deviceId, name: 'Phone' });
  });
});
