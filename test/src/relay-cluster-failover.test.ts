import type { DeviceCredentials, PendingEvents, SseMessage } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { startEventProducer } from './support/event-producer';
import { answerSettings, askSettings, askSettingsUntil } from './support/raw-settings';
import { framesOf, setStatus, useRelayCluster } from './support/relay-cluster-fixture';
import { pairAcross, relayRequest } from './support/relay-requests';
import { startResumingStream } from './support/resuming-stream';
import { startRoundRobinProxy } from './support/round-robin-proxy';
import { waitFor } from './support/temp-data-dir';
import { hasTestDatabase } from './support/throwaway-database';

describe.skipIf(!hasTestDatabase())('three relay instances on PostgreSQL, one killed', () => {
  const { A, B, C, relays, cleanup, linkOn, newAccount } = useRelayCluster();

  it('forgets the links of a SIGKILLed instance at once, and its daemon links again on another', async () => {
    const { daemon, apps } = await newAccount(['Phone']);
    const phone = apps[0] as DeviceCredentials;
    const link = await linkOn(C(), daemon);
    answerSettings(link, 'first');
    await askSettingsUntil(
      () => askSettings(A(), phone, daemon.deviceId),
      (reply) => reply.status === 200,
      'the link in use',
    );
    await relays().kill(2, 'SIGKILL');
    const offline = await askSettingsUntil(
      () => askSettings(A(), phone, daemon.deviceId, 5_000),
      (reply) => reply.status === 503,
      'the dead link to be gone on A',
      15_000,
    );
    expect(offline.body.error).toBe('device_offline');

    const again = await linkOn(B(), daemon);
    answerSettings(again, 'again');
    await askSettingsUntil(
      () => askSettings(A(), phone, daemon.deviceId),
      (reply) => reply.status === 200 && (reply.body.sealed ?? '').startsWith('e1.again.'),
      'settings through the new link',
    );
    await relays().restart(2, { samePort: true });
  });

  it('keeps every stream whole, each frame once and in order, when an instance is SIGKILLed under load', async () => {
    const EVENTS = 400;
    const STREAMS = 30;
    /** Every this many events, one of the apps answers the call while the load goes on. */
    const ANSWER_EVERY = 8;
    const proxy = await startRoundRobinProxy(relays().urls());
    cleanup(() => proxy.close());
    const daemon = await relays().at(0).createAccount('daemon', 'Laptop');
    const apps: DeviceCredentials[] = [];
    for (let i = 0; i < STREAMS; i++) apps.push(await pairAcross(A(), A(), daemon, 'app', `Phone ${i}`));

    const streams = apps.map((app) => startResumingStream(proxy.url, app.deviceToken));
    cleanup(() => {
      for (const stream of streams) stream.stop();
    });
    await Promise.all(streams.map((stream) => stream.ready));
    const spread = [...proxy.connectionsPerUpstream()];

    const answered: string[] = [];
    const answer = async (index: number, eventId: string) => {
      if (index % ANSWER_EVERY !== 0) return;
      const app = apps[index % STREAMS] as DeviceCredentials;
      // Repeated until 200: the same device answering again is a no-op, so a lost answer is safe.
      while ((await setStatus(proxy.url, app, eventId, 'answered').catch(() => null))?.status !== 200)
        await new Promise((resolve) => setTimeout(resolve, 50));
      answered.push(eventId);
    };
    let restarted = () => {};
    const producer = startEventProducer(proxy.url, daemon.deviceToken, {
      count: EVENTS,
      concurrency: 8,
      idOf: (index) => `load-${String(index).padStart(4, '0')}`,
      // The last events wait for the restarted instance, so some are posted with it back.
      hold: { from: EVENTS - 60, until: new Promise<void>((resolve) => (restarted = resolve)) },
      afterStored: answer,
    });

    await waitFor(() => producer.posted() >= EVENTS * 0.4, 30_000, '40 % of the events');
    await relays().kill(1, 'SIGKILL');
    await waitFor(() => producer.posted() >= EVENTS * 0.6, 30_000, '60 % of the events');
    const back = await relays().restart(1);
    proxy.setUpstream(1, back.url);
    restarted();
    await producer.done;

    const frameIds = (stream: { messages: SseMessage[] }, event: string) =>
      framesOf<{ eventId: string }>(stream, event).map((frame) => frame.eventId);
    const expectedFrames = EVENTS + answered.length;
    // A stream that misses a frame never gets there: the figures below say how many were missed.
    await waitFor(
      () => streams.every((stream) => stream.messages.length >= expectedFrames),
      30_000,
      'every frame on every stream',
    ).catch(() => {});
    for (const stream of streams) stream.stop();

    const listed = await relayRequest<PendingEvents>(
      proxy.url,
      apps[0]?.deviceToken ?? '',
      'GET',
      '/v1/events/pending?limit=500',
    );
    const order = listed.body.events.map((event) => event.eventId);
    expect(order).toHaveLength(EVENTS);
    let skipped = 0;
    let duplicates = 0;
    for (const stream of streams) {
      for (const [event, wanted] of [
        ['event', order],
        ['status', answered],
      ] as const) {
        const ids = frameIds(stream, event);
        duplicates += ids.length - new Set(ids).size;
        skipped += wanted.filter((id) => !ids.includes(id)).length;
      }
    }
    const reconnects = streams.reduce((sum, stream) => sum + stream.reconnects(), 0);
    console.info(
      `cluster under load: ${EVENTS} events and ${answered.length} answers (${producer.retries()} retried posts), ` +
        `${STREAMS} streams over instances ${spread.join('/')}, ${reconnects} reconnects after the SIGKILL; ` +
        `${skipped} frames skipped, ${duplicates} duplicated`,
    );
    expect({ skipped, duplicates }).toEqual({ skipped: 0, duplicates: 0 });
    // One ordered log: every stream got the same frames under the same ids, ascending.
    const framesSeen = (stream: { messages: SseMessage[] }) =>
      stream.messages.map(
        (message) => `${message.lastEventId} ${message.event} ${JSON.parse(message.data).eventId}`,
      );
    const reference = framesSeen(streams[0] as { messages: SseMessage[] });
    for (const [index, stream] of streams.entries()) {
      expect(frameIds(stream, 'event'), `stream ${index}`).toEqual(order);
      expect(framesSeen(stream), `stream ${index}`).toEqual(reference);
      const ids = stream.messages.map((message) => Number(message.lastEventId));
      expect(
        ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0)),
        `stream ${index} ids ascend`,
      ).toBe(true);
    }
    expect(reference).toHaveLength(expectedFrames);
    // Every stream the killed instance held came back, through an instance that was up.
    expect(reconnects).toBeGreaterThanOrEqual(spread[1] ?? 1);
  });
});
