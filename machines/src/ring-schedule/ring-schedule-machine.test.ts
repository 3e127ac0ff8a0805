import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { defaultModes } from './default-modes';
import type { Mode } from './mode-types';
import { DAY_MS, HOUR_MS, jan, mode } from './ring-schedule-fixtures';
import { ringScheduleMachine } from './ring-schedule-machine';
import { LOOK_AHEAD_MS } from './ring-verdict';

const sleepOn = defaultModes().map((m) => ({ ...m, on: m.id === 'sleep' }));
let actor: Actor<typeof ringScheduleMachine> | undefined;

afterEach(() => {
  actor?.stop();
  actor = undefined;
});

/** The machine on a simulated clock set to `start`, recording every `mayRingChanged`. */
function started(modes: Mode[], start: number, timeZone = 'UTC') {
  const clock = new SimulatedClock();
  clock.set(start);
  const calls: boolean[] = [];
  const machine = ringScheduleMachine.provide({
    actions: { mayRingChanged: (_, params) => void calls.push(params.mayRing) },
  });
  actor = createActor(machine, { clock, input: { modes, now: start, timeZone } }).start();
  const schedule = actor;
  return {
    schedule,
    clock,
    calls,
    state: () => schedule.getSnapshot().value,
    /** Moves simulated time on; timers due by then fire. */
    advance: (ms: number) => clock.increment(ms),
  };
}

describe('ringScheduleMachine', () => {
  it('starts in the state the schedule gives and tells the host once', () => {
    expect(started(sleepOn, jan(5, '12:00')).calls).toEqual([true]);
    actor?.stop();
    const night = started(sleepOn, jan(5, '23:00'));
    expect(night.state()).toEqual({ silent: 'waiting' });
    expect(night.calls).toEqual([false]);
    expect(night.schedule.getSnapshot().context).toMatchObject({
      mayRing: false,
      nextChangeAt: jan(6, '08:00'),
    });
  });

  it('flips exactly when the next change is due, on the simulated clock', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    expect(s.state()).toEqual({ ringingAllowed: 'waiting' });
    s.advance(10 * HOUR_MS - 1); // 21:59:59.999
    expect(s.calls).toEqual([true]);
    s.advance(1);
    expect(s.state()).toEqual({ silent: 'waiting' });
    s.advance(10 * HOUR_MS); // 08:00
    expect(s.state()).toEqual({ ringingAllowed: 'waiting' });
    expect(s.calls).toEqual([true, false, true]);
  });

  it('keeps flipping through a whole week: two changes a day', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    for (let hour = 0; hour < 7 * 24; hour += 1) s.advance(HOUR_MS);
    expect(s.calls).toHaveLength(1 + 14);
    expect(s.schedule.getSnapshot().context.evaluatedAt).toBe(jan(12, '08:00'));
  });

  it('applies changed modes at once and drops the old timer', () => {
    const s = started(defaultModes(), jan(5, '23:00'));
    expect(s.schedule.getSnapshot().context.nextChangeAt).toBeNull();
    s.advance(HOUR_MS);
    s.schedule.send({ type: 'modes.changed', modes: sleepOn, now: jan(6, '00:00') });
    expect(s.state()).toEqual({ silent: 'waiting' });
    s.schedule.send({ type: 'modes.changed', modes: defaultModes(), now: jan(6, '00:00') });
    s.advance(8 * HOUR_MS); // Sleep's old 08:00 timer must not fire
    expect(s.calls).toEqual([true, false, true]);
  });

  it('reschedules without telling the host when new modes keep the same verdict', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    const lateSleep = [mode({ ranges: [{ start: '23:30', end: '07:00' }] })];
    s.schedule.send({ type: 'modes.changed', modes: lateSleep, now: jan(5, '12:00') });
    expect(s.calls).toEqual([true]);
    s.advance(10 * HOUR_MS); // 22:00 no longer means anything
    expect(s.calls).toEqual([true]);
    s.advance(90 * 60_000); // 23:30
    expect(s.calls).toEqual([true, false]);
  });

  it('follows a clock jump or a wake-up that the timer slept through', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    // The device slept from 12:00 to 23:00: the host reports the time on waking.
    s.schedule.send({ type: 'clock.changed', now: jan(5, '23:00') });
    expect(s.state()).toEqual({ silent: 'waiting' });
    expect(s.schedule.getSnapshot().context.nextChangeAt).toBe(jan(6, '08:00'));
    s.schedule.send({ type: 'clock.changed', now: jan(5, '23:30') }); // no change: nothing to tell
    expect(s.calls).toEqual([true, false]);
  });

  it('follows a change of time zone', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    s.schedule.send({ type: 'clock.changed', now: jan(5, '12:00'), timeZone: 'Asia/Tokyo' }); // 21:00 there
    expect(s.state()).toEqual({ ringingAllowed: 'waiting' });
    expect(s.schedule.getSnapshot().context).toMatchObject({
      timeZone: 'Asia/Tokyo',
      nextChangeAt: jan(5, '13:00'),
    });
    s.advance(HOUR_MS);
    expect(s.calls).toEqual([true, false]);
  });

  it('with nothing changing within the week, looks again a week later', () => {
    const s = started(defaultModes(), jan(5, '12:00'));
    expect(s.schedule.getSnapshot().context.nextChangeAt).toBeNull();
    s.advance(LOOK_AHEAD_MS);
    expect(s.schedule.getSnapshot().context.evaluatedAt).toBe(jan(5, '12:00') + LOOK_AHEAD_MS);
    expect(s.calls).toEqual([true]);
  });

  it('times its timer in real time across DST: the Berlin spring night lasts 9 hours', () => {
    const s = started(sleepOn, Date.UTC(2026, 2, 28, 21), 'Europe/Berlin'); // 22:00 CET
    expect(s.calls).toEqual([false]);
    s.advance(9 * HOUR_MS - 1);
    expect(s.calls).toEqual([false]);
    s.advance(1); // 08:00 CEST
    expect(s.calls).toEqual([false, true]);
  });

  it('keeps a plain-JSON context', () => {
    const s = started(sleepOn, jan(5, '12:00'));
    s.advance(2 * DAY_MS);
    const context = s.schedule.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  });
});
