import { selectCall, selectRingingCall } from '@ringback/machines';
import { generateE2eKey } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from '../../storage';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession, tapLockedAudio } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

/** A session on a fresh device, or on `store` again (a reload of the page). */
function open(options: Parameters<typeof startSession>[0] = {}) {
  const started = startSession(options);
  sessions.push(started.session);
  return started;
}

/** The stream's first connect: the pending calls, then one live call. */
async function ringWith(device: ReturnType<typeof open>, eventId = 'evt-1') {
  device.relay.stream().onReconciled([]);
  device.relay.stream().onEvent(await sealedCall(device.key, eventId));
  await vi.waitFor(() => expect(ringingId(device.session)).toBe(eventId));
  return eventId;
}

const ringingId = (session: RingbackSession) =>
  selectRingingCall(session.queue.getSnapshot())?.report.eventId;
const stateOf = (session: RingbackSession, eventId: string) =>
  selectCall(session.queue.getSnapshot(), eventId)?.state;

describe('RingbackSession, through the relay it is given', () => {
  it('opens a call from the stream, prepares every sentence, then rings; answering writes `answered`', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    expect(device.speech.spoken).toEqual(expect.arrayContaining(['The tests pass.', 'The build is green.']));
    expect(ringingId(device.session)).toBe(eventId);
    expect(device.ringtone.ringing).toBe(true);

    device.session.answer(eventId);
    await settle();
    expect(device.ringtone.ringing).toBe(false);
    expect(device.relay.statuses).toEqual([{ eventId, status: 'answered' }]);
    expect(device.session.view.get().call).toMatchObject({ eventId, replay: false });
    expect(readHistory(device.store, eventId)).toMatchObject({ status: 'answered', handledBy: null });
  });

  it('stops the call at once when the relay says another device answered first, and never offers a reply', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    const phone = { deviceId: 'dev-phone', name: 'Phone' };
    device.relay.answerStatuses(async () => ({ outcome: 'taken', by: phone }));
    device.session.answer(eventId);
    await settle();
    expect(device.session.view.get().call).toBeNull();
    expect(device.session.view.get().reply).toBeNull();
    expect(readHistory(device.store, eventId)).toMatchObject({ status: 'answered', handledBy: phone });
  });

  it('leaves a call it is in when a status frame names the device that won the race', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    device.relay.answerStatuses(() => new Promise(() => {}));
    device.session.answer(eventId);
    await settle();
    expect(device.session.view.get().call?.eventId).toBe(eventId);
    const phone = { deviceId: 'dev-phone', name: 'Phone' };
    device.relay.stream().onStatus({ eventId, status: 'answered', handledBy: phone });
    await settle();
    expect(device.session.view.get().call).toBeNull();
    expect(stateOf(device.session, eventId)).toBe('endedElsewhere');
    expect(readHistory(device.store, eventId)).toMatchObject({ handledBy: phone });
  });

  it('writes `answered` again until the relay confirms it', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    let failures = 1;
    device.relay.answerStatuses(async () => {
      if (failures-- > 0) throw new Error('the relay at relay.test did not answer within 15 s');
      return { outcome: 'written' };
    });
    device.session.answer(eventId);
    await settle();
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.unwritten).toEqual(['answered']);
    // The first retry waits 1 s (plus up to 20 % jitter).
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    await settle();
    expect(device.relay.statuses.map((write) => write.status)).toEqual(['answered', 'answered']);
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.unwritten).toBeUndefined();
  });

  it('after a reload while a call is prepared, waits for the stream to bring it back, then rings it', async () => {
    const first = open({});
    first.relay.stream().onReconciled([]);
    // The speech never finishes before the reload.
    first.speech.synthesize = () => new Promise(() => {});
    first.relay.stream().onEvent(await sealedCall(first.key, 'evt-1'));
    await vi.waitFor(() => expect(stateOf(first.session, 'evt-1')).toBe('preparing'));
    await settle();
    first.session.stop();

    const reloaded = open({ store: first.store, key: first.key });
    await settle();
    // Nothing failed while the call was not decrypted again.
    expect(stateOf(reloaded.session, 'evt-1')).toBe('preparing');
    reloaded.relay.stream().onReconciled([await sealedCall(first.key, 'evt-1')]);
    await vi.waitFor(() => expect(ringingId(reloaded.session)).toBe('evt-1'));
  });

  it('says why a call did not open: another key, or a shape this version cannot read', async () => {
    const device = open({});
    device.relay.stream().onReconciled([]);
    device.relay.stream().onEvent(await sealedCall(generateE2eKey(), 'evt-other-key'));
    device.relay
      .stream()
      .onEvent(
        await sealedCall(device.key, 'evt-newer', { plaintext: { eventId: 'evt-newer', brief: {}, v: 2 } }),
      );
    await vi.waitFor(() => expect(device.session.view.get().undecryptable).toHaveLength(2));
    const failures = device.session.view.get().undecryptable;
    expect(failures).toEqual([
      { eventId: 'evt-other-key', reason: 'key' },
      { eventId: 'evt-newer', reason: 'schema', detail: expect.stringMatching(/occurredAt|report|brief/) },
    ]);
    expect(ringingId(device.session)).toBeUndefined();
  });

  it('after hang-up, sends the reply sealed once; a failed post is retried with the same id after a reload', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    device.session.answer(eventId);
    await settle();
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await settle();
    expect(device.session.view.get().reply).toEqual({ eventId });
    expect(device.relay.statuses.map((write) => write.status)).toEqual(['answered', 'completed']);

    device.relay.answerReplies(async () => {
      throw new Error('the relay at relay.test did not answer within 15 s');
    });
    device.session.sendReply(eventId, 'Ship it.');
    await settle();
    expect(device.session.replies.get(eventId)?.getSnapshot().value).toBe('unsent');
    const [first] = device.relay.replies;
    expect(first?.body.sealed).toMatch(/^e1\./);
    expect(first?.body.sealed).not.toContain('Ship it');
    device.session.stop();

    // The page comes back on the reply panel, and Retry sends the same reply.
    const reloaded = open({ store: device.store, key: device.key, relay: device.relay });
    expect(reloaded.session.view.get().reply).toEqual({ eventId });
    device.relay.answerReplies(async (id, body) => ({
      eventId: id,
      replyId: body.replyId,
      status: 'queued',
      failure: null,
      error: null,
    }));
    reloaded.session.sendReply(eventId, 'Ship it.');
    await settle();
    expect(device.relay.replies.map((reply) => reply.body.replyId)).toEqual([
      first?.body.replyId,
      first?.body.replyId,
    ]);
    expect(readHistory(device.store, eventId)?.replies).toEqual([
      { replyId: first?.body.replyId, text: 'Ship it.', status: 'queued' },
    ]);
  });

  it('a reload brings back the reply panel that was on screen, not a draft a later call left behind', async () => {
    const device = open({});
    for (const eventId of ['evt-a', 'evt-b']) {
      device.relay.stream().onEvent(await sealedCall(device.key, eventId));
      await vi.waitFor(() => expect(ringingId(device.session)).toBe(eventId));
      device.session.answer(eventId);
      await settle();
      device.session.view.get().call?.player.send({ type: 'hangUp' });
      await settle();
    }
    expect(device.session.view.get().reply).toEqual({ eventId: 'evt-b' });
    device.session.stop();
    const reloaded = open({ store: device.store, key: device.key, relay: device.relay });
    expect(reloaded.session.view.get().reply).toEqual({ eventId: 'evt-b' });
    // The draft left behind waits on its call's page.
    expect(reloaded.session.replies.get('evt-a')?.getSnapshot().value).toBe('editing');
    reloaded.session.closeReply({ skip: true });
    const again = open({ store: device.store, key: device.key, relay: device.relay });
    expect(again.session.view.get().reply).toBeNull();
  });

  it('a stopped session (another tab took over) writes no more queue snapshots', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    const before = device.store.getItem('ringback.queue');
    // A change and the stop in one turn: the snapshot it scheduled is not written after the stop.
    device.session.decline(eventId);
    device.session.stop();
    await settle();
    expect(device.store.getItem('ringback.queue')).toBe(before);
  });
});

describe('answering a call chosen from a notification', () => {
  const answered = (device: ReturnType<typeof open>) =>
    device.relay.statuses.filter((write) => write.status === 'answered').map((write) => write.eventId);

  it('answers a ringing call at once', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    device.session.answerOnArrival(eventId);
    await settle();
    expect(answered(device)).toEqual([eventId]);
    expect(device.ringtone.ringing).toBe(false);
    expect(device.session.view.get().call).toMatchObject({ eventId, replay: false });
    expect(device.session.view.get().soundLocked).toBe(false);
  });

  it('asked before the stream brings the call, answers it the moment it rings, once', async () => {
    const device = open({});
    device.session.answerOnArrival('evt-1');
    device.relay.stream().onReconciled([]);
    await settle();
    expect(device.relay.statuses).toEqual([]);
    // Still waited for: a reload onto a new build now asks for it again.
    expect(device.session.answerWaitingFor()).toBe('evt-1');
    device.relay.stream().onEvent(await sealedCall(device.key, 'evt-1'));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('inCall'));
    await settle();
    expect(answered(device)).toEqual(['evt-1']);
    expect(device.session.answerWaitingFor()).toBeNull();
    expect(device.ringtone.ringing).toBe(false);
    expect(device.session.view.get().call?.eventId).toBe('evt-1');
  });

  it('answers a call that came in missed (learnt of too late) from the missed list', async () => {
    const device = open({});
    device.relay.stream().onReconciled([]);
    device.relay
      .stream()
      .onEvent(await sealedCall(device.key, 'evt-late', { occurredAt: Date.now() - 3 * 60_000 }));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-late')).toBe('missed'));
    device.session.answerOnArrival('evt-late');
    await settle();
    expect(answered(device)).toEqual(['evt-late']);
    expect(device.session.view.get().call?.eventId).toBe('evt-late');
  });

  it('after a reload (a notification opened the page), answers a call once the stream brings it back and it opens', async () => {
    const first = open({});
    const eventId = await ringWith(first);
    first.session.stop();

    // The page opens at /?answer=<eventId>: the queue has the call (missed: it rang here before
    // the reload), but it opens only when the stream brings it back.
    const reloaded = open({ store: first.store, key: first.key });
    reloaded.session.answerOnArrival(eventId);
    await settle();
    expect(stateOf(reloaded.session, eventId)).toBe('missed');
    expect(reloaded.relay.statuses).toEqual([]);
    reloaded.relay.stream().onReconciled([await sealedCall(first.key, eventId)]);
    await vi.waitFor(() => expect(reloaded.session.view.get().call?.eventId).toBe(eventId));
    expect(answered(reloaded)).toEqual([eventId]);
  });

  it('waits while another call rings first, and answers the chosen one when its turn comes', async () => {
    const device = open({});
    await ringWith(device, 'evt-first');
    device.relay.stream().onEvent(await sealedCall(device.key, 'evt-chosen'));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-chosen')).toBe('queued'));
    device.session.answerOnArrival('evt-chosen');
    await settle();
    expect(answered(device)).toEqual([]);
    expect(ringingId(device.session)).toBe('evt-first');
    device.session.decline('evt-first');
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-chosen')).toBe('inCall'));
    expect(answered(device)).toEqual(['evt-chosen']);
  });

  it('lets go of a call that ended elsewhere meanwhile, and never answers it later', async () => {
    const device = open({});
    const eventId = await ringWith(device);
    device.relay.stream().onStatus({ eventId, status: 'rejected', handledBy: null });
    await vi.waitFor(() => expect(stateOf(device.session, eventId)).toBe('endedElsewhere'));
    device.session.answerOnArrival(eventId);
    await ringWith(device, 'evt-next');
    await settle();
    expect(device.relay.statuses).toEqual([]);
    expect(ringingId(device.session)).toBe('evt-next');
  });

  it('when the browser keeps sound off until a tap, asks for one; the tap unlocks it', async () => {
    const audio = tapLockedAudio();
    const device = open({ audio });
    const eventId = await ringWith(device);
    device.session.answerOnArrival(eventId);
    await vi.waitFor(() => expect(device.session.view.get().soundLocked).toBe(true), { timeout: 2_000 });
    expect(device.session.view.get().call?.eventId).toBe(eventId);
    const before = audio.unlocks;
    // The user taps "Tap to start the call": the unlock runs inside that gesture.
    audio.tap();
    device.session.unlockSound();
    expect(audio.unlocks).toBe(before + 1);
    expect(device.session.view.get().soundLocked).toBe(false);
  });

  it('asks for no tap when sound starts by itself, and none after the call ends', async () => {
    const audio = tapLockedAudio();
    audio.tap();
    const device = open({ audio });
    const eventId = await ringWith(device);
    device.session.answerOnArrival(eventId);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(device.session.view.get().soundLocked).toBe(false);
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await settle();
    expect(device.session.view.get()).toMatchObject({ call: null, soundLocked: false });
  });
});
