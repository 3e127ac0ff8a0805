import type { DeviceCredentials, SseMessage } from '@ringback/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNonReadingStream, type RawSseClient } from './support/raw-sse-client';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { type OpenStream, openRelayStream } from './support/sse-stream';
import { waitFor } from './support/temp-data-dir';

const EVENTS = 5000;
/**
 * ~4 KB per frame: 5,000 of them (20 MB) are several times what the kernel buffers of one
 * loopback socket can grow to (about 10 MB with autotuning), so the relay's own bound must trip.
 */
const SEALED = `e1.${'x'.repeat(4000)}`;
/** Short, so a write after the end of a stream (the old crash) shows within the test. */
const RELAY_ENV = { RINGBACK_STREAM_HEARTBEAT_MS: '200' };

/** Posts events `from`…`to` (1-based, inclusive) as the daemon, a few at a time. */
async function postEvents(relay: RelayProcess, daemon: DeviceCredentials, count: number): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const index = next++;
      const response = await fetch(`${relay.url}/v1/daemon/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${daemon.deviceToken}` },
        body: JSON.stringify({
          eventId: `evt-${index}`,
          source: 'codex',
          occurredAt: new Date().toISOString(),
          sealed: SEALED,
        }),
      });
      if (response.status !== 201) throw new Error(`event ${index} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const eventIdsOf = (messages: SseMessage[]) =>
  messages
    .filter((message) => message.event === 'event')
    .map((message) => (JSON.parse(message.data) as { eventId: string }).eventId);

async function isServing(relay: RelayProcess, phone: DeviceCredentials): Promise<boolean> {
  if (relay.child.exitCode !== null || relay.child.signalCode !== null) return false;
  const response = await fetch(`${relay.url}/v1/devices`, {
    headers: { authorization: `Bearer ${phone.deviceToken}` },
  });
  return response.status === 200;
}

describe('a stream client that stops reading while events keep coming', () => {
  let relay: RelayProcess;
  let phone: DeviceCredentials;
  let stuck: RawSseClient;
  let reader: OpenStream;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    relay = await startRelayProcess(RELAY_ENV);
    cleanups.push(() => relay.kill());
    const daemon = await relay.createAccount('daemon', 'Laptop');
    phone = await relay.pair(daemon, 'app', 'Phone');
    const frozen = await relay.pair(daemon, 'app', 'Frozen phone');

    stuck = await openNonReadingStream(relay.url, frozen.deviceToken);
    cleanups.push(() => stuck.destroy());
    expect(stuck.status).toBe(200);
    reader = await openRelayStream(relay.url, phone.deviceToken);
    cleanups.push(() => reader.close());
    expect(reader.status).toBe(200);

    await postEvents(relay, daemon, EVENTS);
    await waitFor(
      () => eventIdsOf(reader.messages).length >= EVENTS || reader.ended(),
      30_000,
      'every event',
    );
  });

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps the relay serving: another stream of the account gets every event once, other routes answer', async () => {
    expect(reader.ended()).toBe(false);
    const ids = eventIdsOf(reader.messages);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    // A few heartbeats later, still there: nothing was written to the ended stream.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await isServing(relay, phone)).toBe(true);
    expect(relay.output()).not.toMatch(/ERR_STREAM_WRITE_AFTER_END|uncaught/i);
  });

  it('closes the stuck stream, and its client resumes from its last id and gets the rest exactly once', async () => {
    // The relay closed it at its bound; what reached the client is a whole prefix of the log.
    await stuck.readUntilClosed(20_000);
    const received = stuck.messages().filter((message) => message.event === 'event');
    const all = reader.messages.filter((message) => message.event === 'event');
    console.info(`the stuck client was closed after ${received.length} of ${EVENTS} events reached it`);
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(EVENTS);
    expect(received).toEqual(all.slice(0, received.length));

    const lastId = Number(received.at(-1)?.lastEventId);
    const resumed = await openRelayStream(relay.url, phone.deviceToken, lastId);
    cleanups.push(() => resumed.close());
    const rest = all.slice(received.length);
    await waitFor(() => eventIdsOf(resumed.messages).length >= rest.length, 20_000, 'the rest of the events');
    // Nothing more comes after the rest: no frame twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed.messages.filter((message) => message.event === 'event')).toEqual(rest);
    expect(await isServing(relay, phone)).toBe(true);
  });
});

describe('a client that resumes from Last-Event-ID 0 over thousands of stored events and never reads', () => {
  it('leaves the relay alive and other streams served, and gets the rest once it reads', async () => {
    const relay = await startRelayProcess(RELAY_ENV);
    const cleanups: (() => Promise<void> | void)[] = [() => relay.kill()];
    try {
      const daemon = await relay.createAccount('daemon', 'Laptop');
      const phone = await relay.pair(daemon, 'app', 'Phone');
      const frozen = await relay.pair(daemon, 'app', 'Frozen phone');
      await postEvents(relay, daemon, EVENTS);

      const stuck = await openNonReadingStream(relay.url, frozen.deviceToken, 0);
      cleanups.push(() => stuck.destroy());
      expect(stuck.status).toBe(200);
      const reader = await openRelayStream(relay.url, phone.deviceToken, 0);
      cleanups.push(() => reader.close());
      await waitFor(
        () => eventIdsOf(reader.messages).length >= EVENTS || reader.ended(),
        30_000,
        'the other stream',
      );
      // No other traffic: only the stuck stream's replay and heartbeats run now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await isServing(relay, phone)).toBe(true);
      expect(relay.output()).not.toMatch(/ERR_STREAM_WRITE_AFTER_END|uncaught/i);

      // It reads again: the paused replay goes on where it stopped, each event once, in order.
      stuck.resume();
      await waitFor(
        () => eventIdsOf(stuck.messages()).length >= EVENTS || stuck.ended(),
        30_000,
        'the stuck client to catch up',
      );
      expect(stuck.ended()).toBe(false);
      expect(stuck.messages().filter((message) => message.event === 'event')).toEqual(
        reader.messages.filter((message) => message.event === 'event'),
      );
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});
