import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RingbackError } from '@ringback/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import {
  RELAYED_REQUEST_WINDOW_MS,
  RELAYED_REQUESTS_FILE,
  RelayedRequestGuard,
} from './relayed-request-guard';

const T0 = Date.parse('2025-06-01T12:00:00.000Z');
let dataDir: string;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-guard-'));
  clock = T0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const open = (options: { maxRemembered?: number } = {}, logger = createMemoryLogger()) =>
  RelayedRequestGuard.open(dataDir, logger, { now, ...options });

async function refusal(admitted: Promise<void>): Promise<string> {
  try {
    await admitted;
  } catch (error) {
    if (error instanceof RingbackError) return error.code;
    throw error;
  }
  return 'admitted';
}

describe('RelayedRequestGuard', () => {
  it('admits a request id once, and remembers it in relayed-requests.json (mode 600)', async () => {
    const guard = await open();
    expect(await refusal(guard.admit('a', T0))).toBe('admitted');
    expect(await refusal(guard.admit('a', T0))).toBe('replayed_request');
    expect(await refusal(guard.admit('b', T0 - 1000))).toBe('admitted');
    const path = join(dataDir, RELAYED_REQUESTS_FILE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const reopened = await open();
    expect(await refusal(reopened.admit('a', T0))).toBe('replayed_request');
    expect(await refusal(reopened.admit('b', T0))).toBe('replayed_request');
    expect(await refusal(reopened.admit('c', T0))).toBe('admitted');
  });

  it('refuses a request issued more than 5 minutes from this computer’s clock, either way', async () => {
    const guard = await open();
    expect(await refusal(guard.admit('old', T0 - RELAYED_REQUEST_WINDOW_MS - 1))).toBe('replayed_request');
    expect(await refusal(guard.admit('ahead', T0 + RELAYED_REQUEST_WINDOW_MS + 1))).toBe('replayed_request');
    expect(await refusal(guard.admit('edge', T0 - RELAYED_REQUEST_WINDOW_MS))).toBe('admitted');
    expect(await refusal(guard.admit('soon', T0 + RELAYED_REQUEST_WINDOW_MS))).toBe('admitted');
    // Refused ones were never recorded.
    expect(await readFile(join(dataDir, RELAYED_REQUESTS_FILE), 'utf8')).not.toMatch(/old|ahead/);
  });

  it('forgets an id once its request is too old to run anyway', async () => {
    const guard = await open();
    await guard.admit('early', T0);
    clock = T0 + RELAYED_REQUEST_WINDOW_MS + 1;
    // The replay is still refused, now by its age.
    expect(await refusal(guard.admit('early', T0))).toBe('replayed_request');
    await guard.admit('late', clock);
    const saved = await readFile(join(dataDir, RELAYED_REQUESTS_FILE), 'utf8');
    expect(saved).toContain('late');
    expect(saved).not.toContain('early');
  });

  it('holds a bounded number of ids, refusing more until older ones expire', async () => {
    const guard = await open({ maxRemembered: 3 });
    for (const id of ['a', 'b', 'c']) await guard.admit(id, clock);
    expect(await refusal(guard.admit('d', clock))).toBe('too_many_attempts');
    // A replay of a remembered id is still a replay, full or not.
    expect(await refusal(guard.admit('a', clock))).toBe('replayed_request');
    clock += RELAYED_REQUEST_WINDOW_MS + 1;
    expect(await refusal(guard.admit('d', clock))).toBe('admitted');
  });

  it('moves an unreadable file aside and refuses whatever it may have admitted, across restarts', async () => {
    for (const garbage of ['{"version":1,"requests":[["a",', '[]', '{"version":1,"requests":[[1,2]]}']) {
      await rm(dataDir, { recursive: true, force: true });
      dataDir = await mkdtemp(join(tmpdir(), 'ringback-guard-'));
      clock = T0;
      const path = join(dataDir, RELAYED_REQUESTS_FILE);
      await writeFile(path, garbage);
      const logger = createMemoryLogger();
      const guard = await open({}, logger);
      expect(
        (await readdir(dataDir)).some((name) => name.startsWith(`${RELAYED_REQUESTS_FILE}.corrupt-`)),
      ).toBe(true);
      expect(logger.lines.join('\n')).toMatch(/unreadable/);
      // Any request issued up to now could have run before: refused until its window is over.
      expect(await refusal(guard.admit('maybe-ran', T0 - 1000))).toBe('replayed_request');
      expect(await refusal(guard.admit('ahead-of-the-loss', T0 + 1000))).toBe('replayed_request');
      // That holds after another restart too.
      const restarted = await open();
      expect(await refusal(restarted.admit('maybe-ran', T0 - 1000))).toBe('replayed_request');
      clock = T0 + RELAYED_REQUEST_WINDOW_MS + 1;
      expect(await refusal(restarted.admit('fresh', clock))).toBe('admitted');
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 1 });
    }
  });

  it('admits a request that changes nothing at once, refusing a replay at once, and writes its id down after', async () => {
    const guard = await open();
    const admitNow = (requestId: string, issuedAt: number) =>
      refusal(Promise.resolve().then(() => guard.admitNow(requestId, issuedAt)));
    expect(await admitNow('speak-1', T0)).toBe('admitted');
    expect(await admitNow('speak-1', T0)).toBe('replayed_request');
    expect(await admitNow('stale', T0 - RELAYED_REQUEST_WINDOW_MS - 1)).toBe('replayed_request');
    // The same record as `admit`'s: one id cannot run once each way.
    expect(await refusal(guard.admit('speak-1', T0))).toBe('replayed_request');
    expect(await admitNow('speak-2', T0)).toBe('admitted');
    await guard.flushed();
    const reopened = await open();
    expect(await refusal(reopened.admit('speak-2', T0))).toBe('replayed_request');
  });

  it('admitNow holds the same bound on ids as admit', async () => {
    const guard = await open({ maxRemembered: 2 });
    guard.admitNow('a', T0);
    guard.admitNow('b', T0);
    expect(() => guard.admitNow('c', T0)).toThrow(expect.objectContaining({ code: 'too_many_attempts' }));
    await guard.flushed();
  });

  it('concurrent admissions all reach the disk (a write not yet started is shared)', async () => {
    const guard = await open();
    const writes = await Promise.all(['a', 'b', 'c', 'd'].map((id) => guard.admit(id, T0)));
    expect(writes).toHaveLength(4);
    const file = JSON.parse(await readFile(join(dataDir, RELAYED_REQUESTS_FILE), 'utf8'));
    expect(file.requests.map(([id]: [string]) => id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
