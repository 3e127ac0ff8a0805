import type { DeviceCredentials, PendingEvents, SseMessage } from '@ringback/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesOf } from './support/relay-cluster-fixture';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { pairAcross, postDaemonEvent, relayRequest } from './support/relay-requests';
import { startRequestBalancer } from './support/request-balancer';
import { startResumingStream } from './support/resuming-stream';
import { type OpenStream, openRelayStream } from './support/sse-stream';
import { type StallingProxy, startStallingProxy } from './support/stalling-proxy';
import { waitFor } from './support/temp-data-dir';
import {
  createThrowawayDatabase,
  hasTestDatabase,
  type ThrowawayDatabase,
} from './support/throwaway-database';

/** Probes this often, each given this long: a silent link is noticed within their sum. */
const PROBE_INTERVAL_MS = 300;
const PROBE_DEADLINE_MS = 1_000;
/** What a loaded machine (2 shared cores) may add to that before the stalled instance reacts. */
const SLACK_MS = 2_000;
/** So a request that needs the stalled database gives up in seconds, not half a minute. */
const CONNECT_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 2_000;
/** The client's wait for an answer: the statement timeout and its 2 s margin (database-timeouts.ts). */
const ANSWER_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;
/**
 * Shorter than the connect timeout, the soonest a read from the stalled database can fail: a
 * refusal answered within it did not wait on the database.
 */
const REFUSAL_DEADLINE_MS = 1_500;
const RELAY_ENV = {
  RINGBACK_DATABASE_PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS),
  RINGBACK_DATABASE_PROBE_DEADLINE_MS: String(PROBE_DEADLINE_MS),
  RINGBACK_DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  RINGBACK_DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
};
const STREAMS = 9;

describe.skipIf(!hasTestDatabase())('three relays on PostgreSQL, one behind a link that goes silent', () => {
  let database: ThrowawayDatabase;
  let proxy: StallingProxy;
  const relays: RelayProcess[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const target = new URL(database.url);
    proxy = await startStallingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.host = `${proxy.host}:${proxy.port}`;
    const start = (url: string) => startRelayProcess(RELAY_ENV, undefined, ['--database', url]);
    // The first creates the schema alone.
    relays.push(await start(database.url));
    relays.push(...(await Promise.all([start(database.url), start(throughProxy.toString())])));
  });
  afterAll(async () => {
    await Promise.all(relays.map((relay) => relay.kill('SIGKILL')));
    await proxy?.close();
    await database?.drop();
  });

  it('notices the silent link within its deadline, refuses streams meanwhile, and every stream stays whole', async () => {
    const [A, B, C] = relays.map((relay) => relay.url) as [string, string, string];
    const stalled = relays[2] as RelayProcess;
    const daemon = await (relays[0] as RelayProcess).createAccount('daemon', 'Laptop');
    const apps: DeviceCredentials[] = [];
    for (let i = 0; i < STREAMS; i++) apps.push(await pairAcross(A, B, daemon, 'app', `Phone ${i}`));
    // Never sent to C: its token is not cached there, so C could only learn who it is from the database.
    const unseen = await pairAcross(A, B, daemon, 'app', 'Phone never on C');
    const balancer = await startRequestBalancer([A, B, C]);
    const streams = apps.map((app) => startResumingStream(balancer.url, app.deviceToken));
    const posted: string[] = [];
    const post = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const eventId = `stall-${String(posted.length).padStart(3, '0')}`;
        expect(await postDaemonEvent(A, daemon.deviceToken, eventId)).toBe(201);
        posted.push(eventId);
      }
    };
    const everyStreamHas = (count: number, what: string) =>
      waitFor(() => streams.every((stream) => framesOf(stream, 'event').length >= count), 15_000, what);

    try {
      await Promise.all(streams.map((stream) => stream.ready));
      const spread = [...balancer.requestsPerUpstream()];
      expect(spread[2]).toBeGreaterThan(0);
      await post(5);
      await everyStreamHas(5, 'the first events on every stream, C included');
      // A stream straight to C, which its stall will end.
      const onC = await openRelayStream(C, (apps[0] as DeviceCredentials).deviceToken);
      expect(onC.status).toBe(200);

      proxy.stall();
      const stalledAt = Date.now();
      await waitFor(
        () => onC.ended(),
        PROBE_INTERVAL_MS + PROBE_DEADLINE_MS + SLACK_MS,
        'the stalled instance to notice its dead link and close its streams',
      );
      const noticedAfterMs = Date.now() - stalledAt;
      expect(stalled.output()).toContain('lost its notification connection to PostgreSQL');

      // A new stream is refused, 503, so its client goes to another instance.
      const refused = await relayRequest(C, (apps[1] as DeviceCredentials).deviceToken, 'GET', '/v1/stream');
      expect(refused).toMatchObject({ status: 503, body: { error: 'relay_unavailable' } });
      // Also for a device C has not seen: refused before its token is read from the stalled
      // database, so within a deadline that such a read could not fail in (aborted otherwise).
      const unseenStream = await relayRequest(
        C,
        unseen.deviceToken,
        'GET',
        '/v1/stream',
        undefined,
        AbortSignal.timeout(REFUSAL_DEADLINE_MS),
      );
      expect(unseenStream).toMatchObject({ status: 503, body: { error: 'relay_unavailable' } });
      // Any other route that must read the database fails once the pool's timeouts run out (here
      // the token read), with the same 503, rather than hanging until TCP gives up; C logs why.
      const unseenList = await relayRequest(
        C,
        unseen.deviceToken,
        'GET',
        '/v1/events/pending',
        undefined,
        AbortSignal.timeout(ANSWER_TIMEOUT_MS + SLACK_MS),
      );
      expect(unseenList).toMatchObject({ status: 503, body: { error: 'relay_unavailable' } });
      expect(stalled.output()).toContain('the database is unreachable');

      // Written while C hears nothing: the streams it held resumed through A and B.
      await post(10);
      await everyStreamHas(15, 'the events posted during the stall on every stream');
      const reconnectsDuringStall = streams.reduce((sum, stream) => sum + stream.reconnects(), 0);
      expect(reconnectsDuringStall).toBeGreaterThanOrEqual(spread[2] ?? 1);

      proxy.resume();
      // C serves again once it listens again (its reconnects back off up to 10 s): a stream to it
      // is answered 200 and gets the frames written after.
      const back = await openWhenServing(C, (apps[2] as DeviceCredentials).deviceToken, 30_000);
      await post(5);
      await everyStreamHas(20, 'the events posted after the stall on every stream');
      await waitFor(() => framesOf(back, 'event').length >= 5, 15_000, 'new frames on the resumed instance');
      back.close();

      const listed = await relayRequest<PendingEvents>(
        A,
        (apps[0] as DeviceCredentials).deviceToken,
        'GET',
        '/v1/events/pending?limit=500',
      );
      expect(listed.body.events.map((event) => event.eventId)).toEqual(posted);
      let skipped = 0;
      let duplicated = 0;
      for (const stream of streams) {
        const ids = framesOf<{ eventId: string }>(stream, 'event').map((frame) => frame.eventId);
        duplicated += ids.length - new Set(ids).size;
        skipped += posted.filter((id) => !ids.includes(id)).length;
      }
      const reconnects = streams.reduce((sum, stream) => sum + stream.reconnects(), 0);
      // Printed before the checks: the figures say how far off a failing run was.
      console.info(
        `silent database link: noticed after ${noticedAfterMs} ms (probe every ${PROBE_INTERVAL_MS} ms, ` +
          `deadline ${PROBE_DEADLINE_MS} ms); ${STREAMS} streams over instances ${spread.join('/')}, ` +
          `${reconnects} reconnects; ${posted.length} events, ${skipped} frames skipped, ${duplicated} duplicated`,
      );
      expect({ skipped, duplicated }).toEqual({ skipped: 0, duplicated: 0 });
      for (const stream of streams) {
        const ids = stream.messages.map((message: SseMessage) => Number(message.lastEventId));
        expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
        expect(framesOf<{ eventId: string }>(stream, 'event').map((frame) => frame.eventId)).toEqual(posted);
      }
    } finally {
      for (const stream of streams) stream.stop();
      await balancer.close();
    }
  });
});

/** Opens a stream on `url` again and again until it is answered 200. */
async function openWhenServing(url: string, token: string, timeoutMs: number): Promise<OpenStream> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stream = await openRelayStream(url, token);
    if (stream.status === 200) return stream;
    stream.close();
    if (Date.now() > deadline) throw new Error(`${url} still answers streams ${stream.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
