import type { DeviceCredentials, PendingEvents } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type RelayProcess, startRelayProcess } from './support/relay-process';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CLIENTS = 64;

async function post(relay: RelayProcess, device: DeviceCredentials, path: string, body: object) {
  const response = await fetch(`${relay.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${device.deviceToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { eventId?: string; error?: string } };
}

const event = (eventId: string) => ({
  eventId,
  source: 'claude-code',
  occurredAt: new Date().toISOString(),
  sealed: `e1.abcdefghijkl.${eventId}.c2VhbGVk`,
});

/** Every page of the pending list, as a device reads it. */
async function pendingPages(relay: RelayProcess, device: DeviceCredentials, limit: number) {
  const pages: PendingEvents[] = [];
  let after: string | undefined;
  do {
    const query = `?limit=${limit}${after ? `&after=${after}` : ''}`;
    const response = await fetch(`${relay.url}/v1/events/pending${query}`, {
      headers: { authorization: `Bearer ${device.deviceToken}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as PendingEvents;
    pages.push(page);
    after = page.next;
  } while (after !== undefined && pages.length <= CLIENTS);
  return pages;
}

describe('events the real relay answered for', () => {
  it('are on disk at the answer: a burst from 64 clients survives a SIGKILL, each stored once', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const laptop = await relay.createAccount('daemon', 'Laptop');
    const desktop = await relay.pair(laptop, 'daemon', 'Desktop');
    const phone = await relay.pair(laptop, 'app', 'Phone');

    // 64 clients at once: new events, each id twice (a retried POST), and one tracker task
    // reported by both computers.
    const ids = Array.from({ length: CLIENTS / 2 - 1 }, (_, i) => `burst-${i}`);
    const task = (eventId: string) => ({ ...event(eventId), source: 'tracker', taskId: 'task-7' });
    const answers = await Promise.all([
      ...ids.flatMap((id) => [
        post(relay, laptop, '/v1/daemon/events', event(id)),
        post(relay, laptop, '/v1/daemon/events', event(id)),
      ]),
      post(relay, laptop, '/v1/daemon/tracker-reports', task('task-a')),
      post(relay, desktop, '/v1/daemon/tracker-reports', task('task-b')),
    ]);
    await relay.kill('SIGKILL');

    for (const [index, id] of ids.entries()) {
      const pair = [answers[2 * index], answers[2 * index + 1]];
      expect(pair.map((answer) => answer?.status).sort(), id).toEqual([200, 201]);
    }
    const tracker = answers.slice(-2);
    expect(tracker.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(tracker.find((answer) => answer.status === 409)?.body.error).toBe('duplicate_task');
    const storedTask = tracker.find((answer) => answer.status === 201)?.body.eventId;

    const port = Number(new URL(relay.url).port);
    const again = await startRelayProcess({}, { dataDir: relay.dataDir, port });
    cleanups.push(() => again.kill());
    const pages = await pendingPages(again, phone, 10);
    const listed = pages.flatMap((page) => page.events.map((stored) => stored.eventId));
    expect(pages.map((page) => page.events.length)).toEqual([10, 10, 10, 2]);
    expect([...listed].sort()).toEqual([...ids, storedTask].sort());
    // One log entry per stored event: no write answered twice, none half kept.
    expect(pages.map((page) => page.latestId)).toEqual(pages.map(() => ids.length + 1));
  });
});
