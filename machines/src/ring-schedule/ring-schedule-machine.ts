import { assertEvent, assign, not, type SnapshotFrom, setup } from 'xstate';
import type { Mode } from './mode-types';
import { LOOK_AHEAD_MS, ringVerdict } from './ring-verdict';

/** Plain JSON; derived from the stored modes, so the host need not persist it. */
export interface RingScheduleContext {
  modes: Mode[];
  /** IANA zone, or null for the device's own zone. */
  timeZone: string | null;
  /** The instant the verdict below was computed for, ms since the epoch. */
  evaluatedAt: number;
  mayRing: boolean;
  /** When the verdict flips, or null when it holds for the whole week ahead. */
  nextChangeAt: number | null;
}

export interface RingScheduleInput {
  modes: Mode[];
  /** The host's clock at start: the machine never reads a clock itself. */
  now: number;
  timeZone?: string;
}

export type RingScheduleEvent =
  /** The user saved modes (switched one on or off, edited ranges or weekdays). */
  | { type: 'modes.changed'; modes: Mode[]; now: number }
  /**
   * The wall clock moved other than by the timer: the system time was set, the device woke
   * from sleep (timers stall while it sleeps), or the zone changed (travel).
   */
  | { type: 'clock.changed'; now: number; timeZone?: string | null };

function evaluate(modes: Mode[], at: number, timeZone: string | null) {
  const verdict = ringVerdict(modes, at, timeZone ?? undefined);
  return { evaluatedAt: at, mayRing: verdict.mayRing, nextChangeAt: verdict.nextChangeAt };
}

/** With no change within the week, look again a week on (the look-ahead is at most one week). */
function wakeAt(context: RingScheduleContext): number {
  return context.nextChangeAt ?? context.evaluatedAt + LOOK_AHEAD_MS;
}

// The timer and the two host events are the same in both verdict states.
const waitForChange = {
  initial: 'waiting',
  states: {
    waiting: {
      after: { untilNextChange: { target: 'waiting', reenter: true, actions: 'reachNextChange' } },
      on: {
        'modes.changed': { target: 'waiting', reenter: true, actions: 'applyModes' },
        'clock.changed': { target: 'waiting', reenter: true, actions: 'applyClock' },
      },
    },
  },
} as const;

/**
 * Whether the device may ring now, kept current by one timer set for the next change. The
 * timer's firing is itself the clock: when it fires, the time is `nextChangeAt`, so the machine
 * needs no clock of its own; a time jump or wake-up arrives as `clock.changed`. Each time the
 * verdict changes (and once at start) it calls `mayRingChanged`, which the host wires to the
 * call queue (see `ringScheduleDriving`).
 */
export const ringScheduleMachine = setup({
  types: {} as { context: RingScheduleContext; events: RingScheduleEvent; input: RingScheduleInput },
  actions: {
    mayRingChanged: (_, _params: { mayRing: boolean }) => {},
    reachNextChange: assign(({ context }) => evaluate(context.modes, wakeAt(context), context.timeZone)),
    applyModes: assign(({ context, event }) => {
      assertEvent(event, 'modes.changed');
      return { modes: event.modes, ...evaluate(event.modes, event.now, context.timeZone) };
    }),
    applyClock: assign(({ context, event }) => {
      assertEvent(event, 'clock.changed');
      const timeZone = event.timeZone === undefined ? context.timeZone : event.timeZone;
      return { timeZone, ...evaluate(context.modes, event.now, timeZone) };
    }),
  },
  guards: {
    mayRing: ({ context }) => context.mayRing,
  },
  delays: {
    untilNextChange: ({ context }) => Math.max(0, wakeAt(context) - context.evaluatedAt),
  },
}).createMachine({
  id: 'ringSchedule',
  context: ({ input }) => ({
    modes: input.modes,
    timeZone: input.timeZone ?? null,
    ...evaluate(input.modes, input.now, input.timeZone ?? null),
  }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'mayRing', target: 'ringingAllowed' }, { target: 'silent' }] },
    ringingAllowed: {
      entry: { type: 'mayRingChanged', params: { mayRing: true } },
      always: { guard: not('mayRing'), target: 'silent' },
      ...waitForChange,
    },
    silent: {
      entry: { type: 'mayRingChanged', params: { mayRing: false } },
      always: { guard: 'mayRing', target: 'ringingAllowed' },
      ...waitForChange,
    },
  },
});

export type RingScheduleSnapshot = SnapshotFrom<typeof ringScheduleMachine>;
