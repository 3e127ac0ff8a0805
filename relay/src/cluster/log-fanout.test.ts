import { describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { created, device, household, newEvent, open } from '../storage/sqlite/store-fixtures';
import { type StreamClient, StreamHub } from '../stream/stream-hub';
import { DeviceNames } from './device-names';
import { LogFanout } from './log-fanout';

function recordingClient(deviceId: string) {
  const frames: { seq: number; frame: string }[] = [];
  const client: StreamClient = {
    deviceId,
    send(seq, frame) {
      frames.push({ seq, frame });
      return true;
    },
    close() {},
  };
  return { client, frames, seqs: () => frames.map((sent) => sent.seq) };
}

async function setup() {
  const store = await open();
  const home = await household(store);
  const hub = new StreamHub();
  const names = new DeviceNames(store);
  const fanout = new LogFanout({ store, hub, names, logger: createSilentRelayLogger() });
  const settled = async () => {
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { store, hub, names, fanout, settled, ...home };
}

describe('LogFanout', () => {
  it('sends each announced entry to the account’s streams once, in seq order, read from the log', async () => {
    const { store, hub, fanout, settled, accountId, daemon, phone } = await setup();
    const stream = recordingClient(phone.deviceId);
    hub.add(accountId, stream.client);
    const first = await created(store, newEvent(accountId, daemon.deviceId));
    const second = await created(store, newEvent(accountId, daemon.deviceId));
    const third = await created(store, newEvent(accountId, daemon.deviceId));

    // Announced out of order, one twice, one not at all: the log fills the gaps.
    fanout.announce(accountId, first.log.seq);
    fanout.announce(accountId, third.log.seq);
    fanout.announce(accountId, third.log.seq);
    await settled();

    expect(stream.seqs()).toEqual([first.log.seq, second.log.seq, third.log.seq]);
    expect(stream.frames[1]?.frame).toContain(`"eventId":"${second.event.eventId}"`);
    expect(stream.frames[1]?.frame).toMatch(/^id: \d+\nevent: event\n/);
  });

  it('names the device that has a call, and reads the names again only after they changed', async () => {
    const { store, hub, names, fanout, settled, accountId, daemon, phone } = await setup();
    const stream = recordingClient(phone.deviceId);
    hub.add(accountId, stream.client);
    const call = await created(store, newEvent(accountId, daemon.deviceId));
    fanout.announce(accountId, call.log.seq);
    await settled();
    const answered = await store.setStatus(accountId, call.event.eventId, 'answered', phone.deviceId);
    if (answered.outcome !== 'changed') throw new Error(answered.outcome);
    fanout.announce(accountId, answered.log.seq);
    await settled();
    expect(stream.frames.at(-1)?.frame).toContain(`"name":"Anna's phone"`);
    expect(names.reads).toBe(1);

    await store.renameDevice(accountId, phone.deviceId, 'Work phone');
    names.forget(accountId);
    const second = await created(store, newEvent(accountId, daemon.deviceId));
    fanout.announce(accountId, second.log.seq);
    await settled();
    const rejected = await store.setStatus(accountId, second.event.eventId, 'rejected', phone.deviceId);
    if (rejected.outcome !== 'changed') throw new Error(rejected.outcome);
    fanout.announce(accountId, rejected.log.seq);
    await settled();
    expect(stream.frames.at(-1)?.frame).toContain(`"name":"Work phone"`);
    expect(names.reads).toBe(2);
  });

  it('reads nothing for an account with no stream here', async () => {
    const { store, hub, names, fanout, settled, accountId, daemon } = await setup();
    const other = await store.createAccount(device('daemon', 'elsewhere'));
    const listening = recordingClient('someone');
    hub.add(other.accountId, listening.client);
    const call = await created(store, newEvent(accountId, daemon.deviceId));
    fanout.announce(accountId, call.log.seq);
    await settled();
    expect(names.reads).toBe(0);
    expect(listening.frames).toEqual([]);
  });

  it('skips the event frame of a call that ended before it was read; its status frame tells', async () => {
    const { store, hub, fanout, settled, accountId, daemon, phone } = await setup();
    const stream = recordingClient(phone.deviceId);
    hub.add(accountId, stream.client);
    const call = await created(store, newEvent(accountId, daemon.deviceId));
    const ended = await store.setStatus(accountId, call.event.eventId, 'rejected', phone.deviceId);
    if (ended.outcome !== 'changed') throw new Error(ended.outcome);
    fanout.announce(accountId, call.log.seq);
    fanout.announce(accountId, ended.log.seq);
    await settled();
    expect(stream.seqs()).toEqual([ended.log.seq]);
    expect(stream.frames[0]?.frame).toContain('"status":"rejected"');
  });
});

describe('LogFanout after notifications went unheard', () => {
  it('sends a stream that joined during the gap every entry after where it joined, not from the first one announced', async () => {
    const { store, hub, fanout, settled, accountId, daemon, phone } = await setup();
    const before = await created(store, newEvent(accountId, daemon.deviceId));
    // The listening connection is lost: positions are forgotten, and a stream joins meanwhile.
    fanout.reset();
    const stream = recordingClient(phone.deviceId);
    hub.add(accountId, stream.client);
    fanout.joined(accountId, await store.latestLogSeq(accountId));
    // Written by other instances while this one heard nothing.
    const unheard = [
      await created(store, newEvent(accountId, daemon.deviceId)),
      await created(store, newEvent(accountId, daemon.deviceId)),
    ];
    // Listening again: the first entry it hears of is the one after those.
    const heard = await created(store, newEvent(accountId, daemon.deviceId));
    fanout.announce(accountId, heard.log.seq);
    await settled();

    expect(stream.seqs()).toEqual([...unheard.map((entry) => entry.log.seq), heard.log.seq]);
    expect(stream.seqs()).not.toContain(before.log.seq);
  });

  it('reads again from a stream that joined below what was already sent, when it says so late', async () => {
    const { store, hub, fanout, settled, accountId, daemon, phone } = await setup();
    const first = recordingClient(phone.deviceId);
    hub.add(accountId, first.client);
    const joinedAt = await store.latestLogSeq(accountId);
    const missed = await created(store, newEvent(accountId, daemon.deviceId));
    const next = await created(store, newEvent(accountId, daemon.deviceId));
    // Heard only from `next` on, before the stream said where it stands.
    fanout.announce(accountId, next.log.seq);
    await settled();
    expect(first.seqs()).toEqual([next.log.seq]);

    fanout.joined(accountId, joinedAt);
    await settled();
    // Sent again from where it joined: the stream itself skips a frame it already has.
    expect(first.seqs()).toEqual([next.log.seq, missed.log.seq, next.log.seq]);
  });
});
