// Three real relay instances on one throwaway PostgreSQL database, for the cross-instance tests:
// started once per test file (registers its hooks in the calling describe), with helpers to open
// streams and daemon links on any instance, closed after each test.
import type { DeviceCredentials, SseMessage, StatusChange } from '@ringback/protocol';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { openRawDaemonLink, type RawDaemonLink } from './raw-daemon-link';
import { type RelayInstances, startRelayInstances } from './relay-instances';
import { pairAcross, relayRequest } from './relay-requests';
import { type OpenStream, openRelayStream } from './sse-stream';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

let counter = 0;
export const uniqueId = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

export const framesOf = <T>(stream: { messages: SseMessage[] }, event: string): T[] =>
  stream.messages
    .filter((message) => message.event === event)
    .map((message) => JSON.parse(message.data) as T);

export const setStatus = (url: string, device: DeviceCredentials, eventId: string, status: string) =>
  relayRequest<StatusChange & { error?: string }>(
    url,
    device.deviceToken,
    'POST',
    `/v1/events/${eventId}/status`,
    { status },
    AbortSignal.timeout(10_000),
  );

export function useRelayCluster() {
  const cleanups: (() => Promise<void> | void)[] = [];
  let database: ThrowawayDatabase | undefined;
  let relays: RelayInstances | undefined;
  const instances = (): RelayInstances => {
    if (!relays) throw new Error('the relay instances are not started');
    return relays;
  };

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    relays = await startRelayInstances(3, database.url);
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await relays?.stopAll();
    await database?.drop();
  }, 30_000);

  const A = () => instances().url(0);
  const B = () => instances().url(1);
  const C = () => instances().url(2);
  return {
    relays: instances,
    A,
    B,
    C,
    /** Runs after the current test. */
    cleanup: (step: () => Promise<void> | void) => void cleanups.push(step),
    async streamOn(url: string, device: DeviceCredentials): Promise<OpenStream> {
      const stream = await openRelayStream(url, device.deviceToken);
      cleanups.push(() => stream.close());
      expect(stream.status).toBe(200);
      return stream;
    },
    async linkOn(url: string, daemon: DeviceCredentials): Promise<RawDaemonLink> {
      const link = await openRawDaemonLink(url, daemon.deviceToken);
      cleanups.push(() => link.close());
      return link;
    },
    /** A daemon that creates its account on A, and apps paired with a code from A redeemed on C. */
    async newAccount(appNames: string[]) {
      const daemon = await instances().at(0).createAccount('daemon', 'Laptop');
      const apps: DeviceCredentials[] = [];
      for (const name of appNames) apps.push(await pairAcross(A(), C(), daemon, 'app', name));
      return { daemon, apps };
    },
  };
}
