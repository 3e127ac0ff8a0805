// Test support only (imported by this folder's tests): a real fake Multica plus a watcher on it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackerWorkspace } from '@ringback/protocol';
import {
  type FakeTracker,
  startFakeTracker,
  type Workspace,
} from '../../../../test/src/fakes/fake-tracker/index';
import { createMemoryLogger } from '../../log/logger';
import { createTrackerClient } from '../api';
import type { TrackerConfig } from '../tracker-config';
import type { TrackerFinishedReport } from './task-report';
import { TrackerWatcher, type TrackerWatcherOptions } from './tracker-watcher';
import type { WatchTiming } from './watch-timing';

/** Short enough that reconnect tests take milliseconds, long enough to stay ordered. */
export const FAST_TIMING: Partial<WatchTiming> = {
  firstRetryMs: 30,
  maxRetryMs: 200,
  authRetryMs: 250,
  stableAfterMs: 100,
  pingIntervalMs: 100,
  deadAfterMs: 400,
  connectTimeoutMs: 1_000,
  reportRetryMs: 150,
};

export interface Harness {
  tracker: FakeTracker;
  /** Moves the fake's clock (ms, added to the real one): history can be made old. */
  setClockOffset(ms: number): void;
  dataDir: string;
  config: TrackerConfig | null;
  logger: ReturnType<typeof createMemoryLogger>;
  reports: TrackerFinishedReport[];
  watchers: TrackerWatcher[];
  /** A started watcher on the harness's settings; stopped by `close()`. */
  startWatcher(overrides?: Partial<TrackerWatcherOptions>): Promise<TrackerWatcher>;
  close(): Promise<void>;
}

export function asSetting(ws: Workspace): TrackerWorkspace {
  return { id: ws.id, name: ws.name, slug: ws.slug, issuePrefix: ws.issuePrefix };
}

export async function startHarness(): Promise<Harness> {
  let offset = 0;
  const tracker = await startFakeTracker({ autoRunMs: false, now: () => Date.now() + offset });
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-watch-'));
  const logger = createMemoryLogger();
  const harness: Harness = {
    tracker,
    setClockOffset: (ms) => {
      offset = ms;
    },
    dataDir,
    config: { token: tracker.token, workspaces: [] },
    logger,
    reports: [],
    watchers: [],
    async startWatcher(overrides = {}) {
      const watcher = new TrackerWatcher({
        dataDir,
        config: () => harness.config,
        apiUrl: tracker.url,
        logger,
        // The client's read retries wait 0.5–2 s; not here.
        client: (token) =>
          createTrackerClient({ baseUrl: tracker.url, token, logger, sleep: async () => {} }),
        onFinished: async (report) => {
          harness.reports.push(report);
        },
        timing: FAST_TIMING,
        ...overrides,
      });
      harness.watchers.push(watcher);
      await watcher.start();
      return watcher;
    },
    async close() {
      await Promise.all(harness.watchers.map((w) => w.stop()));
      await tracker.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Polls until `check` holds (the watcher works off sockets and timers). */
export async function eventually<T>(check: () => T | undefined | false, timeoutMs = 4_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Catch-up reads of the fake so far: one `GET /api/agents/{id}/tasks` per agent per read. */
export function taskListReads(tracker: FakeTracker): number {
  return tracker.requests.filter((r) => r.method === 'GET' && /^\/api\/agents\/[^/]+\/tasks$/.test(r.path))
    .length;
}
