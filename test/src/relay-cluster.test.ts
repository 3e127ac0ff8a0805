import type {
  Device,
  DeviceCredentials,
  PendingEvents,
  RelayedEvent,
  ReplyState,
  StatusChange,
} from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { answerSettings, askSettings, askSettingsUntil } from './support/raw-settings';
import { framesOf, setStatus, uniqueId, useRelayCluster } from './support/relay-cluster-fixture';
import { answerCall, pairAcross, postDaemonEvent, relayRequest } from './support/relay-requests';
import { waitFor } from './support/temp-data-dir';
import { hasTestDatabase } from './support/throwaway-database';

describe.skipIf(!hasTestDatabase())('three relay instances on one PostgreSQL database', () => {
  const { A, B, C, streamOn, linkOn, newAccount } = useRelayCluster();

  it('rings an app streaming from B with an event posted to A, and C lists it pending', async () => {
    const { daemon, apps } = await newAccount(['Phone']);
    const phone = apps[0] as DeviceCredentials;
    const onB = await streamOn(B(), phone);
    const eventId = uniqueId('evt');
    expect(await postDaemonEvent(A(), daemon.deviceToken, eventId)).toBe(201);
    await waitFor(
      () => framesOf<RelayedEvent>(onB, 'event').some((event) => event.eventId === eventId),
      10_000,
      'the call on B',
    );
    const pending = await relayRequest<PendingEvents>(C(), phone.deviceToken, 'GET', '/v1/events/pending');
    expect(pending.status).toBe(200);
    expect(pending.body.events.map((event) => event.eventId)).toEqual([eventId]);

    // The same event again, through C: the original, and nobody rings twice.
    expect(await postDaemonEvent(C(), daemon.deviceToken, eventId)).toBe(200);
    const later = uniqueId('evt');
    expect(await postDaemonEvent(C(), daemon.deviceToken, later)).toBe(201);
    await waitFor(
      () => framesOf<RelayedEvent>(onB, 'event').some((event) => event.eventId === later),
      10_000,
      'the next call on B',
    );
    expect(framesOf<RelayedEvent>(onB, 'event').map((event) => event.eventId)).toEqual([eventId, later]);
  });

  it('shares statuses: the first answer wins on every instance, and a race has one winner', async () => {
    const { daemon, apps } = await newAccount(['Anna', 'Ben', 'Cleo']);
    const [anna, ben, cleo] = apps as [DeviceCredentials, DeviceCredentials, DeviceCredentials];
    const onC = await streamOn(C(), cleo);
    const eventId = uniqueId('evt');
    expect(await postDaemonEvent(A(), daemon.deviceToken, eventId)).toBe(201);

    const answered = await setStatus(B(), anna, eventId, 'answered');
    expect(answered.status).toBe(200);
    const expected = { eventId, status: 'answered', handledBy: { deviceId: anna.deviceId, name: 'Anna' } };
    expect(answered.body).toEqual(expected);
    await waitFor(
      () => framesOf<StatusChange>(onC, 'status').some((change) => change.eventId === eventId),
      10_000,
      'the status on C',
    );
    expect(framesOf<StatusChange>(onC, 'status')).toEqual([expected]);
    const second = await setStatus(C(), ben, eventId, 'answered');
    expect([second.status, second.body.error]).toEqual([409, 'call_taken']);

    for (let round = 0; round < 5; round++) {
      const raced = uniqueId('race');
      expect(await postDaemonEvent(C(), daemon.deviceToken, raced)).toBe(201);
      const results = await Promise.all([
        setStatus(A(), anna, raced, 'answered'),
        setStatus(B(), ben, raced, 'answered'),
      ]);
      expect(results.map((result) => result.status).sort(), `race ${round}`).toEqual([200, 409]);
      const loser = results.find((result) => result.status === 409);
      expect(loser?.body.error).toBe('call_taken');
    }
  });

  it("carries a reply posted on B to the daemon whose link C holds, and A's stream sees it delivered", async () => {
    const { daemon, apps } = await newAccount(['Phone']);
    const phone = apps[0] as DeviceCredentials;
    const link = await linkOn(C(), daemon);
    const onA = await streamOn(A(), phone);
    const eventId = uniqueId('evt');
    expect(await postDaemonEvent(B(), daemon.deviceToken, eventId)).toBe(201);
    await answerCall(A(), phone.deviceToken, eventId);

    const replyId = uniqueId('reply');
    const sealed = `e1.reply.${replyId}`;
    const posted = await relayRequest<ReplyState>(
      B(),
      phone.deviceToken,
      'POST',
      `/v1/events/${eventId}/replies`,
      { replyId, sealed },
    );
    expect(posted.status).toBe(201);
    expect(await link.next('reply', (message) => message.replyId === replyId)).toEqual({
      type: 'reply',
      replyId,
      eventId,
      sealed,
    });
    link.send({ type: 'reply-result', replyId, status: 'delivered' });
    await link.next('reply-ack', (message) => message.replyId === replyId);
    await waitFor(
      () =>
        framesOf<ReplyState>(onA, 'reply').some(
          (state) => state.replyId === replyId && state.status === 'delivered',
        ),
      10_000,
      'the delivery on A',
    );
    const again = await relayRequest<ReplyState>(
      A(),
      phone.deviceToken,
      'POST',
      `/v1/events/${eventId}/replies`,
      { replyId, sealed },
    );
    expect([again.status, again.body.status]).toEqual([200, 'delivered']);
    expect(link.received.filter((message) => message.type === 'reply')).toHaveLength(1);

    // With the daemon offline a reply waits, and reaches it when it links again elsewhere.
    await link.close();
    const waitingId = uniqueId('reply');
    const waiting = await relayRequest<ReplyState>(
      A(),
      phone.deviceToken,
      'POST',
      `/v1/events/${eventId}/replies`,
      { replyId: waitingId, sealed },
    );
    expect([waiting.status, waiting.body.status]).toEqual([201, 'queued']);
    const relinked = await linkOn(B(), daemon);
    expect(await relinked.next('reply', (message) => message.replyId === waitingId)).toMatchObject({
      eventId,
      sealed,
    });
  });

  it('relays settings from a phone on A to the daemon linked on C, and says device_offline without a link', async () => {
    const { daemon, apps } = await newAccount(['Phone']);
    const phone = apps[0] as DeviceCredentials;
    const link = await linkOn(C(), daemon);
    answerSettings(link, 'daemon');

    // The link becomes known to the other instances a moment after it opens.
    const answer = await askSettingsUntil(
      () => askSettings(A(), phone, daemon.deviceId),
      (reply) => reply.status !== 503,
      'the link known on A',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ requestId: answer.requestId, sealed: `e1.daemon.${answer.requestId}` });
    expect(link.received).toContainEqual({
      type: 'settings',
      requestId: answer.requestId,
      sealed: `e1.request.${answer.requestId}`,
    });

    const neverLinked = await pairAcross(A(), B(), daemon, 'daemon', 'Desktop');
    for (const url of [A(), B(), C()]) {
      const offline = await askSettings(url, phone, neverLinked.deviceId);
      expect([offline.status, offline.body.error], url).toEqual([503, 'device_offline']);
    }

    await link.close();
    const offline = await askSettingsUntil(
      () => askSettings(A(), phone, daemon.deviceId, 5_000),
      (reply) => reply.status === 503,
      'the closed link to be gone on A',
      15_000,
    );
    expect(offline.body.error).toBe('device_offline');
  });

  it('closes an older link on A with 4000 when the daemon links again on B', async () => {
    const { daemon, apps } = await newAccount(['Phone']);
    const phone = apps[0] as DeviceCredentials;
    const older = await linkOn(A(), daemon);
    answerSettings(older, 'older');
    await askSettingsUntil(
      () => askSettings(C(), phone, daemon.deviceId),
      (reply) => reply.status === 200,
      'the older link in use',
    );

    const newer = await linkOn(B(), daemon);
    answerSettings(newer, 'newer');
    await waitFor(() => older.closeCode() !== null, 10_000, 'the older link to close');
    expect(older.closeCode()).toBe(4000);
    await askSettingsUntil(
      () => askSettings(C(), phone, daemon.deviceId),
      (reply) => reply.status === 200 && (reply.body.sealed ?? '').startsWith('e1.newer.'),
      'settings through the newer link',
    );
    expect(newer.closeCode()).toBeNull();
  });

  it('names a device renamed on A in the frames of B and C, and a device removed on A is gone everywhere', async () => {
    const { daemon, apps } = await newAccount(['Tablet', 'Ben', 'Cleo', 'Old phone']);
    const [tablet, ben, cleo, old] = apps as [
      DeviceCredentials,
      DeviceCredentials,
      DeviceCredentials,
      DeviceCredentials,
    ];
    const onB = await streamOn(B(), ben);
    const onC = await streamOn(C(), cleo);
    const oldStream = await streamOn(B(), old);
    /** The tablet answers a new call through C; resolves with who has it on C, B and C's streams. */
    const answerByTablet = async () => {
      const eventId = uniqueId('evt');
      expect(await postDaemonEvent(B(), daemon.deviceToken, eventId)).toBe(201);
      const answered = await setStatus(C(), tablet, eventId, 'answered');
      expect(answered.status).toBe(200);
      const seen = [answered.body.handledBy];
      for (const [stream, where] of [
        [onB, 'B'],
        [onC, 'C'],
      ] as const) {
        const frame = () =>
          framesOf<StatusChange>(stream, 'status').find((change) => change.eventId === eventId);
        await waitFor(() => frame() !== undefined, 10_000, `the status on ${where}`);
        seen.push(frame()?.handledBy ?? null);
      }
      return seen;
    };
    // Every instance has used the names once, so each holds them when the rename comes.
    const before = { deviceId: tablet.deviceId, name: 'Tablet' };
    expect(await answerByTablet()).toEqual([before, before, before]);

    const renamed = await relayRequest<Device>(
      A(),
      tablet.deviceToken,
      'PATCH',
      `/v1/devices/${tablet.deviceId}`,
      { name: 'Kitchen tablet' },
    );
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Kitchen tablet']);
    const after = { deviceId: tablet.deviceId, name: 'Kitchen tablet' };
    expect(await answerByTablet()).toEqual([after, after, after]);

    const removed = await relayRequest(A(), tablet.deviceToken, 'DELETE', `/v1/devices/${old.deviceId}`);
    expect(removed.status).toBe(204);
    for (const url of [C(), B()]) {
      expect((await relayRequest(url, old.deviceToken, 'GET', '/v1/devices')).status, url).toBe(401);
    }
    await waitFor(() => oldStream.ended(), 10_000, "the removed device's stream on B to close");
    expect(onB.ended()).toBe(false);
  });
});
