// Three relay instances on one PostgreSQL database: an answered call whose device went away is
// given back once, decided on the database's clock, and every instance's streams hear it; a
// device keeps its call by renewing through any instance, and a stream of it open on one keeps
// nothing once it stops renewing.
import { createSseParser, type DeviceCredentials, type RelayedEvent } from '@ringback/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { relayCall } from '../../push/relay-call';
import { afterThisTest, waitUntil } from '../../routes/cleanup-fixture';
import type { RunningRelay } from '../../start-relay';
import { testDatabaseUrl } from '../../storage/postgres/test-database';
import { daemonAndPhone, relayInstancesOnTestDatabase } from './relay-instances-fixture';

const relays = relayInstancesOnTestDatabase({ heartbeatMs: 200 });
/** Conditions across instances are polled up to this, sized for a loaded 2-core machine. */
const DEADLINE_MS = 20_000;

interface Frame {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** A device's SSE stream from one instance; its frames in arrival order. */
async function openStream(relay: RunningRelay, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${relay.url}/v1/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let connected = false;
  let ended = false;
  const parser = createSseParser({
    onMessage: (message) =>
      frames.push({
        id: Number(message.lastEventId),
        event: message.event ?? '',
        data: JSON.parse(message.data),
      }),
    onComment: (comment) => {
      if (comment === 'connected') connected = true;
    },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        parser.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // Aborted.
    }
    ended = true;
  })();
  afterThisTest(() => controller.abort());
  await waitUntil(() => connected || ended, 'the stream to open');
  return { frames, close: () => controller.abort() };
}

async function join(on: RunningRelay, daemon: DeviceCredentials, name: string) {
  const { code } = await relayCall<{ code: string }>(on, 'POST', '/v1/pairing-codes', {}, daemon.deviceToken);
  return relayCall<DeviceCredentials>(on, 'POST', '/v1/pairing-codes/redeem', { code, kind: 'app', name });
}

const postCall = (on: RunningRelay, daemon: DeviceCredentials, eventId: string) =>
  relayCall(
    on,
    'POST',
    '/v1/daemon/events',
    {
      eventId,
      source: 'codex',
      occurredAt: new Date().toISOString(),
      sealed: `e1.abcdefghijkl.iv.${eventId}`,
    },
    daemon.deviceToken,
  );

const callOn = (on: RunningRelay, device: DeviceCredentials, eventId: string) =>
  relayCall<RelayedEvent>(on, 'GET', `/v1/events/${eventId}`, undefined, device.deviceToken);

const releaseFrames = (frames: Frame[], eventId: string) =>
  frames.filter(
    (frame) => frame.event === 'status' && frame.data.eventId === eventId && frame.data.status === 'pending',
  );

/** The `status` entries of the call in the account's log, read from the database. */
async function statusEntries(url: string, eventId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM account_log WHERE kind = 'status' AND event_id = $1",
      [eventId],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

describe.skipIf(!testDatabaseUrl())(
  'answer leases across relay instances (RINGBACK_TEST_DATABASE_URL)',
  () => {
    it('gives a call back once when its device went away, and every instance streams that to the others', async () => {
      const [a, b, c] = (await relays.start(3, { answerLeaseMs: 400 })) as [
        RunningRelay,
        RunningRelay,
        RunningRelay,
      ];
      const { daemon, phone } = await daemonAndPhone(a, a, b);
      const tablet = await join(c, daemon, 'Tablet');
      const streams = await Promise.all([a, b, c].map((on) => openStream(on, tablet.deviceToken)));
      await postCall(a, daemon, 'evt-1');
      // Answered through b, then the phone is gone: no stream of it anywhere, no renewal.
      await relayCall(b, 'POST', '/v1/events/evt-1/status', { status: 'answered' }, phone.deviceToken);

      for (const stream of streams)
        await waitUntil(
          () => releaseFrames(stream.frames, 'evt-1').length > 0,
          'the call given back',
          DEADLINE_MS,
        );
      for (const stream of streams)
        expect(releaseFrames(stream.frames, 'evt-1').map((frame) => frame.data)).toEqual([
          {
            eventId: 'evt-1',
            status: 'pending',
            handledBy: null,
            unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
          },
        ]);
      // Given back once, though three instances sweep: answered, then released.
      expect(await statusEntries(relays.databaseUrl(), 'evt-1')).toBe(2);
      for (const on of [a, b, c])
        expect(await callOn(on, tablet, 'evt-1')).toMatchObject({
          status: 'pending',
          unfinishedBy: { name: 'Phone' },
        });

      await relayCall(c, 'POST', '/v1/events/evt-1/status', { status: 'answered' }, tablet.deviceToken);
      await relayCall(
        a,
        'POST',
        '/v1/events/evt-1/replies',
        { replyId: 'reply-1', sealed: 'e1.abcdefghijkl.iv.cmVwbHk' },
        tablet.deviceToken,
      );
    });

    it('gives a call back to its device, back through another instance while nobody took it, and every instance streams that', async () => {
      const [a, b, c] = (await relays.start(3, { answerLeaseMs: 2000 })) as [
        RunningRelay,
        RunningRelay,
        RunningRelay,
      ];
      const { daemon, phone } = await daemonAndPhone(a, a, b);
      const tablet = await join(c, daemon, 'Tablet');
      const streams = await Promise.all([a, b, c].map((on) => openStream(on, tablet.deviceToken)));
      await postCall(a, daemon, 'evt-1');
      await relayCall(b, 'POST', '/v1/events/evt-1/status', { status: 'answered' }, phone.deviceToken);
      for (const stream of streams)
        await waitUntil(
          () => releaseFrames(stream.frames, 'evt-1').length > 0,
          'the call given back',
          DEADLINE_MS,
        );

      // The phone is back, through c: its renewal takes the call back, as its answer.
      const renewed = await fetch(`${c.url}/v1/events/evt-1/lease`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phone.deviceToken}` },
      });
      expect(renewed.status).toBe(204);
      // Answered, released, answered again: once each, though three instances sweep.
      expect(await statusEntries(relays.databaseUrl(), 'evt-1')).toBe(3);
      const phones = { deviceId: phone.deviceId, name: 'Phone' };
      // The status frames after the release: the answer that took it back comes next.
      const answeredAgain = (frames: Frame[]) =>
        frames
          .filter((frame) => frame.event === 'status')
          .map((frame) => frame.data)
          .slice(1)
          .filter((data) => data.status === 'answered' || data.status === 'pending');
      for (const stream of streams)
        await waitUntil(() => answeredAgain(stream.frames).length > 1, 'the call taken back', DEADLINE_MS);
      for (const stream of streams)
        expect(answeredAgain(stream.frames).slice(0, 2)).toEqual([
          { eventId: 'evt-1', status: 'pending', handledBy: null, unfinishedBy: phones },
          { eventId: 'evt-1', status: 'answered', handledBy: phones },
        ]);
      await relayCall(
        a,
        'POST',
        '/v1/events/evt-1/replies',
        { replyId: 'reply-1', sealed: 'e1.abcdefghijkl.iv.cmVwbHk' },
        phone.deviceToken,
      );
      expect(await callOn(b, tablet, 'evt-1')).toMatchObject({ status: 'answered', handledBy: phones });
    });

    it('keeps a call while its device renews through any instance, and gives it back once the renewals stop though its stream stays open', async () => {
      const [a, b, c] = (await relays.start(3, { answerLeaseMs: 1500 })) as [
        RunningRelay,
        RunningRelay,
        RunningRelay,
      ];
      const { daemon, phone } = await daemonAndPhone(a, a, b);
      const tablet = await join(c, daemon, 'Tablet');
      const watching = await openStream(c, tablet.deviceToken);
      // Open on b throughout, as a lost phone's half-open socket would stay.
      const phoneStream = await openStream(b, phone.deviceToken);
      await postCall(a, daemon, 'evt-1');
      await relayCall(a, 'POST', '/v1/events/evt-1/status', { status: 'answered' }, phone.deviceToken);

      // Renewed through each instance in turn for more than two leases: each renewal finds the
      // call still the phone's (a lapse would have made it 409).
      const renewals: number[] = [];
      for (const until = Date.now() + 3500; Date.now() < until; ) {
        for (const on of [a, b, c]) {
          const response = await fetch(`${on.url}/v1/events/evt-1/lease`, {
            method: 'POST',
            headers: { authorization: `Bearer ${phone.deviceToken}` },
          });
          renewals.push(response.status);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(new Set(renewals)).toEqual(new Set([204]));
      expect((await callOn(c, tablet, 'evt-1')).status).toBe('answered');

      // No renewal any more: given back once, though the phone's stream on b is still open.
      await waitUntil(
        () => releaseFrames(watching.frames, 'evt-1').length > 0,
        'the call given back',
        DEADLINE_MS,
      );
      expect(await callOn(a, tablet, 'evt-1')).toMatchObject({
        status: 'pending',
        unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
      });
      expect(await statusEntries(relays.databaseUrl(), 'evt-1')).toBe(2);
      // The phone's open stream heard its call go back.
      await waitUntil(
        () => releaseFrames(phoneStream.frames, 'evt-1').length > 0,
        'the phone told',
        DEADLINE_MS,
      );
    });
  },
);
