import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClassicRingtone } from './classicRingtone';
import { createRingbackTone } from './ringbackTone';
import { createTonePattern, type ToneContext } from './tonePattern';

type Call = [string, number, number];

/** A fake AudioContext that records oscillators and the envelope's scheduled values. */
function fakeContext() {
  const oscillators: {
    type: string;
    frequency: number;
    started: boolean;
    stoppedAt?: number;
    disconnected: boolean;
  }[] = [];
  const gains: { calls: Call[]; disconnected: boolean }[] = [];
  let resumed = 0;
  const context = {
    currentTime: 0,
    state: 'suspended' as AudioContextState,
    destination: {},
    resume: async () => {
      resumed++;
    },
    createOscillator() {
      const record = {
        type: 'sine',
        frequency: 0,
        started: false,
        stoppedAt: undefined as number | undefined,
        disconnected: false,
      };
      oscillators.push(record);
      return {
        set type(value: string) {
          record.type = value;
        },
        frequency: {
          set value(v: number) {
            record.frequency = v;
          },
        },
        connect: () => undefined,
        disconnect: () => {
          record.disconnected = true;
        },
        start: () => {
          record.started = true;
        },
        stop: (at: number) => {
          record.stoppedAt = at;
        },
      };
    },
    createGain() {
      const record = { calls: [] as Call[], disconnected: false };
      gains.push(record);
      const param = {
        value: 0,
        setValueAtTime: (v: number, t: number) => record.calls.push(['set', v, t]),
        linearRampToValueAtTime: (v: number, t: number) => record.calls.push(['ramp', v, t]),
        cancelScheduledValues: (t: number) => record.calls.push(['cancel', 0, t]),
      };
      return {
        gain: param,
        connect: () => undefined,
        disconnect: () => {
          record.disconnected = true;
        },
      };
    },
  };
  return {
    context: context as unknown as ToneContext & { currentTime: number },
    oscillators,
    gains,
    resumed: () => resumed,
  };
}

/** The times at which the envelope reaches full gain: one per burst. */
function burstStarts(calls: Call[]): number[] {
  return calls
    .filter(([kind, value]) => kind === 'ramp' && value > 0)
    .map(([, , t]) => Math.round(t * 100) / 100);
}

describe('ringtones', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('classic ring plays 440 + 480 Hz, 2 s on and 4 s off, repeating until stopped', () => {
    const fake = fakeContext();
    const ring = createClassicRingtone(fake.context);
    ring.start();
    expect(ring.playing).toBe(true);
    expect(fake.resumed()).toBe(1);
    const tones = fake.oscillators.filter((o) => o.frequency > 100).map((o) => o.frequency);
    expect(tones).toEqual([440, 480]);
    const envelope = fake.gains[0];
    expect(burstStarts(envelope?.calls ?? [])).toEqual([0.07]);
    const offAt = envelope?.calls.find(([kind, value, t]) => kind === 'ramp' && value === 0 && t > 1)?.[2];
    expect(offAt).toBeCloseTo(2.05, 5);

    // The next cycle is scheduled shortly before it begins, 6 s after the first.
    fake.context.currentTime = 5.9;
    vi.advanceTimersByTime(6000);
    expect(burstStarts(envelope?.calls ?? [])).toEqual([0.07, 6.07]);

    fake.context.currentTime = 7;
    ring.stop();
    expect(ring.playing).toBe(false);
    expect(fake.oscillators.every((o) => o.stoppedAt !== undefined && o.stoppedAt > 7)).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(burstStarts(envelope?.calls ?? [])).toEqual([0.07, 6.07]);
    expect(fake.oscillators.every((o) => o.disconnected)).toBe(true);
  });

  it('start twice makes one ring; stop before start is harmless', () => {
    const fake = fakeContext();
    const ring = createClassicRingtone(fake.context);
    ring.stop();
    ring.start();
    ring.start();
    expect(fake.oscillators.filter((o) => o.frequency === 440)).toHaveLength(1);
    ring.stop();
  });

  it('ringback tone is 450 Hz, 1 s on and 4 s off', () => {
    const fake = fakeContext();
    const tone = createRingbackTone(fake.context);
    tone.start();
    expect(fake.oscillators.map((o) => o.frequency)).toEqual([450]);
    const calls = fake.gains[0]?.calls ?? [];
    const offAt = calls.find(([kind, value, t]) => kind === 'ramp' && value === 0 && t > 0.5)?.[2];
    expect(offAt).toBeCloseTo(1.05, 5);
    fake.context.currentTime = 4.9;
    vi.advanceTimersByTime(5000);
    expect(burstStarts(calls)).toEqual([0.07, 5.07]);
    tone.stop();
  });

  it('a struck pattern fades over each burst (no hold) and uses its wave shape', () => {
    const fake = fakeContext();
    const tone = createTonePattern(fake.context, {
      frequencies: [620],
      bursts: [{ onMs: 300, offMs: 700 }],
      gain: 0.2,
      wave: 'triangle',
      decay: true,
    });
    tone.start();
    expect(fake.oscillators.map((o) => o.type)).toEqual(['triangle']);
    const calls = fake.gains[0]?.calls ?? [];
    expect(calls.filter(([kind, value]) => kind === 'set' && value === 0.2)).toEqual([]);
    const fadeEnd = calls.find(([kind, value, t]) => kind === 'ramp' && value === 0 && t > 0.1)?.[2];
    expect(fadeEnd).toBeCloseTo(0.35, 5);
    tone.stop();
  });
});
