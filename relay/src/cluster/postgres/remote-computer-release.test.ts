import { COMPUTER_ANSWER_WINDOW } from '@ringback/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { afterThisTest, waitUntil } from '../../routes/cleanup-fixture';
import {
  askComputer,
  type FakeDaemonLink,
  fakeDaemonLink,
  ndjsonLines,
} from '../../routes/computer-request-fixture';
import type { RunningRelay } from '../../start-relay';
import { testDatabaseUrl } from '../../storage/postgres/test-database';
import { CHANNELS } from '../channels';
import { daemonAndPhone, relayInstancesOnTestDatabase } from './relay-instances-fixture';

const relays = relayInstancesOnTestDatabase();

/** A phone on instance A and its computer's link on instance B, once a request gets through. */
async function phoneOnAComputerOnB(a: RunningRelay, b: RunningRelay) {
  const { daemon, phone } = await daemonAndPhone(a);
  const link = await fakeDaemonLink(b.url, daemon.deviceToken);
  const ask = (requestId: string, signal?: AbortSignal) =>
    askComputer(a.url, daemon.deviceId, requestId, {
      token: phone.deviceToken,
      ...(signal ? { signal } : {}),
    });
  const pool = new pg.Pool({ connectionString: relays.databaseUrl() });
  afterThisTest(() => pool.end());
  // The link's registration reaches the database a moment after it opens.
  await waitUntil(async () => {
    const { rows } = await pool.query('SELECT 1 FROM daemon_links WHERE device_id = $1', [daemon.deviceId]);
    return rows.length > 0;
  }, 'the link in the database');
  return { daemon, ask, link, pool };
}

/** How often the daemon links' table was read: each poller of a request reads it every 2 s. */
async function daemonLinkReads(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ reads: string }>(
    `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS reads
     FROM pg_stat_user_tables WHERE relname = 'daemon_links'`,
  );
  return Number(rows[0]?.reads ?? 0);
}

async function framesLeft(pool: pg.Pool, requestId?: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM computer_frames WHERE $1::text IS NULL OR request_id = $1',
    [requestId ?? null],
  );
  return Number(rows[0]?.n);
}

/** The last frame acknowledged down the link, -1 before any. */
function lastAck(link: FakeDaemonLink): number {
  return Math.max(
    -1,
    ...link.received.map((message) => (message.type === 'computer-ack' ? message.seq : -1)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answerStarted(link: FakeDaemonLink, asking: Promise<Response>, requestId: string) {
  const read = await link.startAnswer(asking, requestId);
  expect(await read()).toMatchObject({ seq: 0 });
  return read;
}

describe.skipIf(!testDatabaseUrl())(
  'a computer request through the database holds nothing once it is over',
  () => {
    it('keeps no poller after 100 refusals (duplicate id, per-account limit)', async () => {
      const [a, b] = await relays.start(2, { computerRequests: { perAccount: 2 } });
      if (!a || !b) throw new Error('two instances');
      const { ask, link, pool } = await phoneOnAComputerOnB(a, b);
      const held = await answerStarted(link, ask('held'), 'held');

      let refusals = 0;
      for (let i = 0; i < 60; i++) {
        const response = await ask('held');
        expect(response.status).toBe(400);
        await response.arrayBuffer();
        refusals += 1;
      }
      // Racing requests pass the early check together; all but one are refused once their link is made.
      const ids = Array.from({ length: 41 }, (_, i) => `race-${i}`);
      const statuses = new Map<string, number>();
      for (const id of ids)
        void ask(id).then(async (response) => {
          await response.arrayBuffer();
          statuses.set(id, response.status);
        });
      const settledOrWaiting = (id: string) => statuses.has(id) || link.has('computer-request', id);
      await waitUntil(() => ids.every(settledOrWaiting), 'every racing request refused or sent');
      for (const id of ids.filter((id) => !statuses.has(id))) link.frame(id, 0, true);
      await waitUntil(() => statuses.size === ids.length, 'every racing request answered');
      const racing = [...statuses.values()];
      refusals += racing.filter((status) => status === 429).length;
      expect(racing.filter((status) => status === 200)).toHaveLength(1);
      expect(refusals).toBeGreaterThanOrEqual(100);

      // The statistics reach the view up to 10 s late (a backend flushes them once idle that long):
      // compare two readings once the refusals are in.
      await sleep(13_000);
      const before = await daemonLinkReads(pool);
      await sleep(6_000);
      const reads = (await daemonLinkReads(pool)) - before;
      // One poller (the held request's) reads 3 times in 6 s; 100 leaked ones would read about 300.
      expect(reads).toBeLessThan(30);
      expect(await framesLeft(pool)).toBe(0);
      link.frame('held', 1, true);
      expect(await held()).toMatchObject({ seq: 1 });
    }, 60_000);

    it("an in_flight refusal leaves the running answer's frames", async () => {
      const [a, b] = await relays.start(2);
      if (!a || !b) throw new Error('two instances');
      const { daemon, ask, link, pool } = await phoneOnAComputerOnB(a, b);
      const held = await answerStarted(link, ask('held'), 'held');
      // The answer's next frame, stored by B and not yet taken by A (its notification comes later).
      await pool.query(
        `INSERT INTO computer_frames (device_id, request_id, seq, sealed, last, created_at)
         VALUES ($1, 'held', 1, 'e1.k.held-1.eA', true, $2)`,
        [daemon.deviceId, Date.now()],
      );
      const duplicate = await ask('held');
      expect(duplicate.status).toBe(400);
      expect(await duplicate.json()).toMatchObject({ error: 'invalid_request' });
      // A takes the frame after whatever the refusal queued for the same request.
      await pool.query('SELECT pg_notify($1, $2)', [CHANNELS.computer, `frame:${daemon.deviceId}:held:1`]);
      // A deleted frame never comes: say so well before the test's own timeout.
      const noFrame = sleep(15_000).then(() => 'no frame');
      expect(await Promise.race([held(), noFrame])).toMatchObject({ seq: 1, sealed: 'e1.k.held-1.eA' });
      expect(await held()).toBeNull();
    });

    it('leaves no frame row after the device hangs up, even for frames the computer sent meanwhile', async () => {
      const [a, b] = await relays.start(2);
      if (!a || !b) throw new Error('two instances');
      const { ask, link, pool } = await phoneOnAComputerOnB(a, b);
      const hangUp = new AbortController();
      await answerStarted(link, ask('h', hangUp.signal), 'h');
      hangUp.abort();
      // The computer has not heard of the hang-up yet and goes on answering.
      for (const seq of [1, 2, 3, 4, 5]) link.frame('h', seq);
      await waitUntil(() => link.has('computer-cancel', 'h'), 'the cancel on the link');
      await waitUntil(async () => (await framesLeft(pool, 'h')) === 0, 'no frame row of the request', 5_000);
    });

    it('stores no frame past the window of a computer that ignores acknowledgements', async () => {
      const [a, b] = await relays.start(2);
      if (!a || !b) throw new Error('two instances');
      const { ask, link, pool } = await phoneOnAComputerOnB(a, b);
      const asking = ask('w');
      await link.next('computer-request', 'w');
      // 60 frames at once, none waiting for an acknowledgement.
      for (let seq = 0; seq < 60; seq += 1) link.frame('w', seq);
      await waitUntil(() => link.has('computer-cancel', 'w'), 'the cancel on the link');
      const read = ndjsonLines(await asking);
      const lines: Record<string, unknown>[] = [];
      for (let line = await read(); line; line = await read()) lines.push(line);
      expect(lines.at(-1)).toMatchObject({ error: 'internal_error' });
      expect(lines.length - 1).toBeLessThanOrEqual(COMPUTER_ANSWER_WINDOW + 1 + lastAck(link));
      await waitUntil(async () => (await framesLeft(pool, 'w')) === 0, 'no frame row of the request', 5_000);
    });
  },
);
