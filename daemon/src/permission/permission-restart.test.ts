// After a restart or a crash the hooks that waited are gone with the old process, but their calls
// would ring on until they expire. At start the daemon ends every call its records show as still
// waiting (not decided, not ended, not expired) at the computer, trying again while the relay is
// unreachable, and a decision for one afterwards is too_late.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionEventPlaintext } from '@ringback/protocol';
import { generateE2eKey } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { PermissionRecords } from './permission-records';
import { failureOf, permissionWorld, standInRelay } from './permission-world';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** What a daemon that stopped abruptly leaves in permissions.json. */
async function crashedDaemonRecords() {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-permission-restart-'));
  const records = await PermissionRecords.open(dataDir, createMemoryLogger());
  await records.add('evt-waiting', { requestId: 'req-waiting', expiresAt: inMinutes(5), decided: false });
  await records.add('evt-expired', { requestId: 'req-expired', expiresAt: inMinutes(-1), decided: false });
  await records.add('evt-decided', { requestId: 'req-decided', expiresAt: inMinutes(5), decided: true });
  await records.add('evt-second', { requestId: 'req-second', expiresAt: inMinutes(9), decided: false });
  return dataDir;
}

/** Enough of the call for the app's decision: the event and request it names. */
const callOf = (eventId: string, requestId: string) => ({ eventId, requestId }) as PermissionEventPlaintext;

describe('a daemon starting after a crash', () => {
  it('ends the calls its records show as still waiting, once, and answers a decision for one too_late', async () => {
    const relay = await standInRelay();
    cleanups.push(() => relay.close());
    const dataDir = await crashedDaemonRecords();
    const key = generateE2eKey();
    const world = await permissionWorld(relay, { dataDir, key });
    cleanups.push(() => world.close());

    await expect.poll(() => [...relay.ended].sort()).toEqual(['evt-second', 'evt-waiting']);
    await expect
      .poll(() => world.logger.lines.filter((line) => line.includes('evt-waiting')))
      .toEqual([
        expect.stringMatching(
          /evt-waiting: waited when the daemon stopped \(its hook is gone\); the call ends at the computer$/,
        ),
        expect.stringMatching(/evt-waiting: ended at the computer$/),
      ]);
    const late = await world.deliver(
      'r-1',
      'evt-waiting',
      await world.decision(callOf('evt-waiting', 'req-waiting')),
    );
    expect(late.status).toBe('failed');
    expect((await failureOf(key, late))?.code).toBe('too_late');

    // Ended and noted: the next start asks nothing of the relay.
    await world.close();
    const again = await permissionWorld(relay, { dataDir, key });
    cleanups.push(() => again.close());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...relay.ended].sort()).toEqual(['evt-second', 'evt-waiting']);
  });

  it('tries again while the relay is unreachable, and a call that ended on a device first is left be', async () => {
    const relay = await standInRelay();
    cleanups.push(() => relay.close());
    relay.setEndStatus(503);
    const dataDir = await crashedDaemonRecords();
    const world = await permissionWorld(relay, { dataDir });
    cleanups.push(() => world.close());
    // Both calls asked again and again while the relay cannot end them.
    await expect
      .poll(() => relay.ended.filter((id) => id === 'evt-waiting').length)
      .toBeGreaterThanOrEqual(2);
    relay.setEndStatus(409);
    const tries = relay.ended.length;
    await expect.poll(() => relay.ended.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(tries + 2);
    await expect
      .poll(() => world.logger.lines.filter((line) => line.includes('evt-second')).at(-1), {
        timeout: 10_000,
      })
      .toMatch(/had ended on a device first/);
    // Settled: no more tries.
    const settled = relay.ended.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(relay.ended.length).toBe(settled);
  });
});
