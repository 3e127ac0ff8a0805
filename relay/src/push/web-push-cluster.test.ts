// Three relay instances on one PostgreSQL database pushing to a real (local) push service: each
// push of a call goes out once, whichever instance stored it, claims its re-alerts or ends it.

import type { PushWake } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { daemonAndPhone, relayInstancesOnTestDatabase } from '../cluster/postgres/relay-instances-fixture';
import { afterThisTest } from '../routes/cleanup-fixture';
import type { RunningRelay } from '../start-relay';
import { testDatabaseUrl } from '../storage/postgres/test-database';
import { startLocalPushService } from './local-push-service';
import type { PushTuning } from './push-settings';
import { relayCall } from './relay-call';

/** A missed call is pushed at 0, 1 and 2 s, then missed at 2.5 s: four pushes, if each goes once. */
const TUNING: PushTuning = {
  realertMs: { base: 1000, jitter: 0 },
  ringWindowMs: 2500,
  schedulerTickMs: 10,
};

const instances = relayInstancesOnTestDatabase({ pushSubject: 'https://relay.example.com', push: TUNING });

const call = relayCall;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!testDatabaseUrl())('Web Push from three PostgreSQL relay instances', () => {
  it('sends each push of a call once, whichever instance stores, re-alerts or ends it', async () => {
    const pushService = await startLocalPushService();
    afterThisTest(() => pushService.close());
    const relays = await instances.start(3, {
      push: { ...TUNING, allowedPushOrigins: [pushService.origin] },
    });
    const [a, b, c] = relays as [RunningRelay, RunningRelay, RunningRelay];
    const { daemon, phone } = await daemonAndPhone(a, b, c);
    // Every instance serves the one key pair the first of them stored.
    const keys = await Promise.all(
      relays.map((relay) =>
        call<{ publicKey: string }>(relay, 'GET', '/v1/push/key', undefined, phone.deviceToken),
      ),
    );
    expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
    const subscription = await pushService.subscribe(keys[0]?.publicKey ?? '');
    const { clientHash: _, ...body } = subscription;
    await call(b, 'POST', '/v1/push/subscription', body, phone.deviceToken);

    const answered = ['answered-0', 'answered-1', 'answered-2'];
    const missed = ['missed-0', 'missed-1', 'missed-2'];
    /** The kinds of the pushes the device got for the call, in order. */
    const pushesOf = async (eventId: string) =>
      (await pushService.received(subscription))
        .map((push) => JSON.parse(push) as PushWake)
        .filter((wake) => wake.id === eventId)
        .map((wake) => wake.kind);
    const post = (relay: RunningRelay, eventId: string) =>
      call(
        relay,
        'POST',
        '/v1/daemon/events',
        {
          eventId,
          source: 'claude-code',
          occurredAt: new Date().toISOString(),
          sealed: 'e1.abcdefghijkl.aXY.c2VhbGVk',
        },
        daemon.deviceToken,
      );
    // Each answered on another instance than the one that stored it, well before its first re-alert.
    for (const [i, eventId] of answered.entries()) {
      await post(relays[i % 3] as RunningRelay, eventId);
      await call(
        relays[(i + 1) % 3] as RunningRelay,
        'POST',
        `/v1/events/${eventId}/status`,
        { status: 'answered' },
        phone.deviceToken,
      );
    }
    for (const [i, eventId] of missed.entries()) await post(relays[i % 3] as RunningRelay, eventId);

    await sleep((TUNING.ringWindowMs ?? 0) + 1000);
    const counts = Object.fromEntries(
      await Promise.all([...answered, ...missed].map(async (id) => [id, await pushesOf(id)])),
    );
    // Answered: the first push and the last one. Missed: at 0, 1, 2 s and the missed call's push
    // (3 if a late claim pushed the last re-alert past the window). Sent by two instances, each
    // re-alert or last push would come at least twice.
    // Answered at once on another instance, its `ended` push may overtake the first ring on the
    // way to the push service (the worker then finds the call ended when it fetches it): each once.
    for (const eventId of answered)
      expect([...(counts[eventId] ?? [])].sort(), eventId).toEqual(['ended', 'ring']);
    for (const eventId of missed) {
      const kinds = counts[eventId] ?? [];
      expect([3, 4], eventId).toContain(kinds.length);
      expect(kinds, eventId).toEqual([...kinds.slice(0, -1).map(() => 'ring'), 'missed']);
    }
  });
});
