import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
      expect(logger.lines.join('\n')).toMatch(
        /unreadable.*Relayed settings requests and requests to the computer issued before .* are refused/,
      );
      // Any request issued up to now could have run before: refused until its window is over.
      expect(await refusal(guard.admit('maybe-ran', T0 - 1000))).toBe('replayed_request');
      expect(await refusal(guard.admit('ahead-of-the-loss', T0 + 1000))).toBe('replayed_request');
      expect(await refusal(guard.admitComputer('computer-too', T0 + 1000))).toBe('replayed_request');
      // That holds after another restart too.
      const restarted = await open();
      expect(await refusal(restarted.admit('maybe-ran', T0 - 1000))).toBe('replayed_request');
      clock = T0 + RELAYED_REQUEST_WINDOW_MS + 1;
      expect(await refusal(restarted.admit('fresh', clock))).toBe('admitted');
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 2 });
    }
  });

  it('admits a request to the computer, refusing a replay at once, and writes its id down after', async () => {
    const guard = await open();
    const computer = (requestId: string, issuedAt: number) =>
      refusal(guard.admitComputer(requestId, issuedAt));
    expect(await computer('speak-1', T0)).toBe('admitted');
    expect(await computer('speak-1', T0)).toBe('replayed_request');
    expect(await computer('stale', T0 - RELAYED_REQUEST_WINDOW_MS - 1)).toBe('replayed_request');
    expect(await computer('speak-2', T0)).toBe('admitted');
    await guard.close();
    const reopened = await open();
    expect(await refusal(reopened.admitComputer('speak-2', T0))).toBe('replayed_request');
    // A clean stop refuses nothing else.
    expect(await refusal(reopened.admitComputer('speak-3', T0))).toBe('admitted');
  });

  it('settings requests and requests to the computer each have their own bound on ids', async () => {
    const guard = await open({ maxRemembered: 2 });
    await guard.admitComputer('a', T0);
    await guard.admitComputer('b', T0);
    expect(await refusal(guard.admitComputer('c', T0))).toBe('too_many_attempts');
    // A phone that speaks a lot through its computer leaves settings requests their share.
    expect(await refusal(guard.admit('s1', T0))).toBe('admitted');
    expect(await refusal(guard.admit('s2', T0))).toBe('admitted');
    expect(await refusal(guard.admit('s3', T0))).toBe('too_many_attempts');
    await guard.flushed();
  });

  it('a request to the computer starts only once the record covers it, one write for a minute of them', async () => {
    const guard = await open();
    const path = join(dataDir, RELAYED_REQUESTS_FILE);
    await guard.admitComputer('first', T0);
    // Before it starts: its id may not be on disk yet, but the record says it may be running.
    const written = JSON.parse(await readFile(path, 'utf8'));
    expect(written.computer.runningUntil).toBeGreaterThanOrEqual(T0);
    await guard.flushed();
    const firstWrite = (await stat(path)).ino;
    clock = T0 + 10_000;
    await guard.admitComputer('second', clock);
    await guard.flushed();
    // Covered already: no write at all (the covered time refuses it after a crash; a clean stop
    // writes its id down), so a sentence heard through the computer costs no fsync.
    expect((await stat(path)).ino).toBe(firstWrite);
    // Close to its end, it is moved ahead before it runs out.
    clock = written.computer.runningUntil - 1_000;
    await guard.admitComputer('third', clock);
    await guard.flushed();
    expect(JSON.parse(await readFile(path, 'utf8')).computer.runningUntil).toBeGreaterThan(
      written.computer.runningUntil,
    );
  });

  it('after an abrupt stop, refuses every request to the computer it may have run unrecorded, and says so', async () => {
    const guard = await open();
    await guard.admitComputer('ran', T0);
    // Killed before the id was written down: the record on disk covers it, not its id.
    const path = join(dataDir, RELAYED_REQUESTS_FILE);
    await guard.flushed();
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    onDisk.computer.requests = [];
    await writeFile(path, JSON.stringify(onDisk));

    clock = T0 + 5_000;
    const logger = createMemoryLogger();
    const restarted = await open({}, logger);
    expect(logger.lines.join('\n')).toMatch(/stopped abruptly.*requests to the computer.*refused/);
    expect(await refusal(restarted.admitComputer('ran', T0))).toBe('replayed_request');
    expect(await refusal(restarted.admitComputer('other', T0 + 1_000))).toBe('replayed_request');
    // The record covered requests issued up to and including its time: so does the refusal.
    expect(await refusal(restarted.admitComputer('edge', onDisk.computer.runningUntil))).toBe(
      'replayed_request',
    );
    // Settings requests wait for the disk, so none ran unrecorded: they are not refused.
    expect(await refusal(restarted.admit('settings', T0 + 1_000))).toBe('admitted');
    // Refused across another restart too, until the covered time is over.
    const again = await open();
    expect(await refusal(again.admitComputer('ran', T0))).toBe('replayed_request');
    expect(await refusal(again.admitComputer('new', onDisk.computer.runningUntil + 1))).toBe('admitted');
  });

  it('a request to the computer does not run when the record cannot cover it', async () => {
    const guard = await open();
    await rm(dataDir, { recursive: true, force: true });
    expect(await refusal(guard.admitComputer('unrecorded', T0))).toBe('internal_error');
    await mkdir(dataDir);
    // Held all the same: it may never run later either.
    expect(await refusal(guard.admitComputer('unrecorded', T0))).toBe('replayed_request');
  });

  it('reads the older record, whose ids held for both kinds', async () => {
    await writeFile(
      join(dataDir, RELAYED_REQUESTS_FILE),
      JSON.stringify({ version: 1, notBefore: T0 + 1000, requests: [['old', T0]] }),
    );
    const guard = await open();
    expect(await refusal(guard.admit('old', T0 + 2000))).toBe('replayed_request');
    expect(await refusal(guard.admitComputer('old', T0 + 2000))).toBe('replayed_request');
    expect(await refusal(guard.admitComputer('before', T0 + 500))).toBe('replayed_request');
    expect(await refusal(guard.admitComputer('after', T0 + 2000))).toBe('admitted');
  });

  it('concurrent admissions all reach the disk (a write not yet started is shared)', async () => {
    const guard = await open();
    const writes = await Promise.all(['a', 'b', 'c', 'd'].map((id) => guard.admit(id, T0)));
    expect(writes).toHaveLength(4);
    const file = JSON.parse(await readFile(join(dataDir, RELAYED_REQUESTS_FILE), 'utf8'));
    expect(file.settings.requests.map(([id]: [string]) => id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
