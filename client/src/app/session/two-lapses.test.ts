import { selectCall } from '@ringback/machines';
import type { HandledBy, RelayedEvent, StatusChange } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from '../../storage';
import { statusLabelOf } from '../history-labels';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

const me = { deviceId: 'dev-me', name: 'Phone' };
const tablet = { deviceId: 'dev-tablet', name: 'Tablet' };
const eventId = 'evt-1';

function open(options: { leaseRenewMs?: number } = {}) {
  const started = startSession({ leaseRenewMs: 60_000, ...options });
  sessions.push(started.session);
  return started;
}

type Device = ReturnType<typeof open>;

async function inCall(device: Device) {
  device.relay.stream().onReconciled([]);
  device.relay.stream().onEvent(await sealedCall(device.key, eventId));
  await vi.waitFor(() => expect(stateOf(device)).toBe('ringing'));
  device.session.answer(eventId);
  await vi.waitFor(() => expect(device.session.view.get().call?.eventId).toBe(eventId));
}

const stateOf = (device: Device) => selectCall(device.session.queue.getSnapshot(), eventId)?.state;

/** The call as `GET /v1/events/:id` has it now. */
async function callNow(
  device: Device,
  status: RelayedEvent['status'],
  handledBy: HandledBy | null,
  unfinishedBy?: HandledBy,
) {
  return {
    ...(await sealedCall(device.key, eventId)),
    status,
    handledBy,
    ...(unfinishedBy ? { unfinishedBy } : {}),
  };
}

/**
 * What the phone missed while it was away, as its stream brings it back in order: its own lease
 * lapsed, the tablet answered, the tablet's lease lapsed, and the phone's renewal took the call back.
 */
const twoLapses: StatusChange[] = [
  { eventId, status: 'pending', handledBy: null, unfinishedBy: me },
  { eventId, status: 'answered', handledBy: tablet },
  { eventId, status: 'pending', handledBy: null, unfinishedBy: tablet },
  { eventId, status: 'answered', handledBy: me },
];

function historyLabel(device: Device) {
  const record = readHistory(device.store, eventId);
  return record && statusLabelOf(record);
}

/** Every call the session put on screen or took off it, from now on. */
function screenLog(device: Device) {
  const shown: (string | null)[] = [];
  device.session.view.subscribe(() => {
    const now = device.session.view.get().call?.eventId ?? null;
    if (shown.at(-1) !== now) shown.push(now);
  });
  return shown;
}

describe('a device back after two lapses (its own, then the tablet’s) judges by the call as it is now', () => {
  it('its renewal took the call back first: the replayed frames never take it off the screen', async () => {
    const device = open();
    await inCall(device);
    const player = device.session.view.get().call?.player;
    device.relay.answerEvents(async () => callNow(device, 'answered', me));
    const shown = screenLog(device);

    for (const frame of twoLapses) device.relay.stream().onStatus(frame);
    await settle();

    expect(shown).toEqual([]);
    expect(device.session.view.get().call?.player).toBe(player);
    expect(stateOf(device)).toBe('inCall');
    expect(device.session.view.get().takenFromHere).toEqual({});
    expect(historyLabel(device)).toBe('Answered');
    // Still in the call, so its lease is still renewed: hang-up and reply go on from here.
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await vi.waitFor(() => expect(device.session.view.get().reply?.eventId).toBe(eventId));
    expect(device.relay.statuses).toEqual([
      { eventId, status: 'answered' },
      { eventId, status: 'completed' },
    ]);
  });

  it('the frames come before its renewal: it takes the call back itself, and stays in it', async () => {
    const device = open();
    await inCall(device);
    let takenBack = false;
    device.relay.answerEvents(async () =>
      takenBack ? callNow(device, 'answered', me) : callNow(device, 'pending', null, tablet),
    );
    device.relay.answerLeases(async () => {
      takenBack = true;
      return { held: true };
    });
    const shown = screenLog(device);

    for (const frame of twoLapses.slice(0, 3)) device.relay.stream().onStatus(frame);
    await settle();
    expect(device.relay.leases).toEqual([eventId]);
    device.relay.stream().onStatus(twoLapses[3] as StatusChange);
    await settle();

    expect(shown).toEqual([]);
    expect(stateOf(device)).toBe('inCall');
    expect(historyLabel(device)).toBe('Answered');
  });

  it('the tablet still has the call: it ends here, naming the tablet', async () => {
    const device = open();
    await inCall(device);
    device.relay.answerEvents(async () => callNow(device, 'answered', tablet));
    device.relay.answerLeases(async () => ({ held: false, handledBy: tablet }));

    device.relay.stream().onStatus(twoLapses[0] as StatusChange);
    device.relay.stream().onStatus(twoLapses[1] as StatusChange);
    await settle();

    expect(device.session.view.get().call).toBeNull();
    expect(stateOf(device)).toBe('endedElsewhere');
    expect(historyLabel(device)).toBe('Answered on Tablet');
  });

  it('another device ended it after the one the frame names: history names the device that has it now', async () => {
    const device = open();
    await inCall(device);
    const desk = { deviceId: 'dev-desk', name: 'Desk' };
    device.relay.answerEvents(async () => callNow(device, 'rejected', desk));

    device.relay.stream().onStatus(twoLapses[1] as StatusChange);
    await settle();

    expect(device.session.view.get().call).toBeNull();
    expect(historyLabel(device)).toBe('Declined on Desk');
  });

  it('the relay cannot say how the call is now: the call stays, and its lease renewal takes it back', async () => {
    // As a phone whose stream still reaches it while its requests do not.
    const device = open({ leaseRenewMs: 50 });
    await inCall(device);
    device.relay.answerEvents(async () => {
      throw new TypeError('Failed to fetch');
    });
    device.relay.answerLeases(async () => {
      throw new TypeError('Failed to fetch');
    });
    const shown = screenLog(device);

    for (const frame of twoLapses.slice(0, 3)) device.relay.stream().onStatus(frame);
    await settle();
    expect(stateOf(device)).toBe('inCall');
    // Back: the next renewal takes it back, and the relay's frame says so.
    device.relay.answerLeases(async () => ({ held: true }));
    const renewals = device.relay.leases.length;
    await vi.waitFor(() => expect(device.relay.leases.length).toBeGreaterThan(renewals));
    device.relay.stream().onStatus(twoLapses[3] as StatusChange);
    await settle();

    expect(shown).toEqual([]);
    expect(stateOf(device)).toBe('inCall');
    expect(historyLabel(device)).toBe('Answered');
    expect(device.session.view.get().takenFromHere).toEqual({});
  });

  it('the relay cannot say, and the tablet does have the call: the renewal says so on the call screen', async () => {
    const device = open({ leaseRenewMs: 50 });
    await inCall(device);
    device.relay.answerEvents(async () => {
      throw new TypeError('Failed to fetch');
    });
    device.relay.answerLeases(async () => ({ held: false, handledBy: tablet }));

    device.relay.stream().onStatus(twoLapses[1] as StatusChange);
    await vi.waitFor(() => expect(device.session.view.get().takenFromHere).toEqual({ [eventId]: 'Tablet' }));
    // On the call screen with the notice, as after any renewal the relay refused.
    expect(device.session.view.get().call?.eventId).toBe(eventId);
  });

  it('dropped while the tablet still held it, then taken back by a renewal already on its way: back in the call', async () => {
    const device = open();
    await inCall(device);
    device.relay.answerEvents(async () => callNow(device, 'answered', tablet));
    const shown = screenLog(device);

    device.relay.stream().onStatus(twoLapses[1] as StatusChange);
    await settle();
    expect(device.session.view.get().call).toBeNull();
    expect(historyLabel(device)).toBe('Answered on Tablet');
    device.relay.stream().onStatus(twoLapses[2] as StatusChange);
    device.relay.stream().onStatus(twoLapses[3] as StatusChange);
    await settle();

    expect(shown).toEqual([null, eventId]);
    expect(stateOf(device)).toBe('inCall');
    expect(historyLabel(device)).toBe('Answered');
    // Nothing written again: the relay has this device's answer.
    expect(device.relay.statuses).toEqual([{ eventId, status: 'answered' }]);
  });

  it('writing its reply when it was away: the replayed frames leave history naming nobody else, and the reply goes', async () => {
    const device = open();
    await inCall(device);
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await vi.waitFor(() => expect(device.session.view.get().reply?.eventId).toBe(eventId));
    device.relay.answerEvents(async () => callNow(device, 'answered', me));

    for (const frame of twoLapses) device.relay.stream().onStatus(frame);
    await settle();

    expect(historyLabel(device)).toBe('Answered');
    expect(stateOf(device)).toBe('ended');
    device.session.sendReply(eventId, 'Ship it.');
    await vi.waitFor(() => expect(device.relay.replies.map((reply) => reply.eventId)).toEqual([eventId]));
    expect(device.session.view.get().takenFromHere).toEqual({});
  });
});
