import { COMPUTER_ANSWER_WINDOW, type RelayToDaemon } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DaemonLink } from '../../link/daemon-links';
import { ComputerForwarder, FORWARDER_GRACE_MS } from './computer-forwarder';

const limits = { maxFrames: 100, maxBytes: 10_000, totalMs: 1_000 };

function forwarder(changed: Partial<typeof limits> = {}) {
  const down: RelayToDaemon[] = [];
  const link: DaemonLink = {
    send: (message) => {
      down.push(message);
      return true;
    },
    flushed: async () => true,
    close: () => {},
  };
  const written: number[] = [];
  const told: string[] = [];
  let removed = false;
  let dropped = 0;
  const sink = new ComputerForwarder(link, 'q1', {
    frame: async (message) => {
      written.push(message.seq);
    },
    tell: async (payload) => {
      told.push(payload);
    },
    drop: async () => {
      dropped += 1;
    },
    at: 'd1:q1',
    remove: () => {
      removed = true;
    },
    limits: { ...limits, ...changed },
    report: (error) => {
      throw error;
    },
  });
  const frame = (seq: number, sealed = 'e1.k.x', last = false) =>
    sink.frame({ type: 'computer-frame', requestId: 'q1', seq, sealed, last });
  return { sink, down, written, told, frame, removed: () => removed, dropped: () => dropped };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('forwarding an answer into the database', () => {
  it('writes no frame past the window of acknowledged ones, and stops the computer that sends it', () => {
    const { sink, down, written, told, frame, removed } = forwarder();
    for (let seq = 0; seq < COMPUTER_ANSWER_WINDOW; seq += 1) frame(seq);
    sink.ack(3);
    expect(down).toEqual([{ type: 'computer-ack', requestId: 'q1', seq: 3 }]);
    // Acknowledged up to 3: frames up to 3 + 16 may come, and no further.
    for (let seq = COMPUTER_ANSWER_WINDOW; seq <= 3 + COMPUTER_ANSWER_WINDOW; seq += 1) frame(seq);
    frame(4 + COMPUTER_ANSWER_WINDOW);
    expect(written).toEqual(Array.from({ length: 4 + COMPUTER_ANSWER_WINDOW }, (_, seq) => seq));
    expect(down.at(-1)).toEqual({ type: 'computer-cancel', requestId: 'q1' });
    expect(told).toEqual(['refused:d1:q1:internal_error']);
    expect(removed()).toBe(true);
  });

  it('counts frames and bytes as an answer served here does', () => {
    const byFrames = forwarder({ maxFrames: 2 });
    for (const seq of [0, 1, 2]) byFrames.frame(seq);
    expect(byFrames.written).toEqual([0, 1]);
    expect(byFrames.told).toEqual(['refused:d1:q1:answer_too_large']);
    expect(byFrames.down).toEqual([{ type: 'computer-cancel', requestId: 'q1' }]);

    const byBytes = forwarder({ maxBytes: 100 });
    byBytes.frame(0, 'a'.repeat(60));
    byBytes.frame(1, 'a'.repeat(60));
    expect(byBytes.written).toEqual([0]);
    expect(byBytes.told).toEqual(['refused:d1:q1:answer_too_large']);

    const outOfOrder = forwarder();
    outOfOrder.frame(1);
    expect(outOfOrder.written).toEqual([]);
    expect(outOfOrder.told).toEqual(['refused:d1:q1:internal_error']);
  });

  it('cancels the work on the computer when it expires', () => {
    vi.useFakeTimers();
    const { down, told, frame, removed, dropped } = forwarder();
    frame(0);
    vi.advanceTimersByTime(limits.totalMs + FORWARDER_GRACE_MS - 1);
    expect(down).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(down).toEqual([{ type: 'computer-cancel', requestId: 'q1' }]);
    expect(told).toEqual(['refused:d1:q1:daemon_timeout']);
    expect(removed()).toBe(true);
    // Its asker may be gone: the frames written are not left for the sweep.
    expect(dropped()).toBe(1);
  });

  it('passes a cancel down once, and nothing after it', () => {
    const { sink, down, written, frame } = forwarder();
    sink.cancel();
    sink.cancel();
    frame(0);
    sink.ack(0);
    expect(down).toEqual([{ type: 'computer-cancel', requestId: 'q1' }]);
    expect(written).toEqual([]);
  });
});
