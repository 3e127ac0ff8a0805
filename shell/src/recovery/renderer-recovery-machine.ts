import { assign, setup } from 'xstate';

/** The first reload comes 1 s after a crash: long enough not to spin, short enough to still ring. */
export const RELOAD_BASE_MS = 1_000;
/** Never more than a minute apart: a window that keeps crashing is retried, slowly, for ever. */
export const RELOAD_MAX_MS = 60_000;
/**
 * Chromium reports `unresponsive` after its own hang timeout; a page busy for a moment more
 * (a large decode, a slow disk) gets this long to answer before it is restarted.
 */
export const HANG_GRACE_MS = 10_000;
/** A window that ran this long since its last restart is well again: the backoff starts over. */
export const STABLE_MS = 5 * 60_000;

/** 1 s, 2 s, 4 s … doubling up to a minute, by the restarts since the window last ran stably. */
export function reloadDelayMs(restarts: number): number {
  return Math.min(RELOAD_MAX_MS, RELOAD_BASE_MS * 2 ** restarts);
}

/** What the tray says about the window: it is being restarted, or it was. */
export type RecoveryNotice = 'restarting' | 'restarted';

export type RendererRecoveryEvent =
  | { type: 'renderer.gone' }
  | { type: 'renderer.unresponsive' }
  | { type: 'renderer.responsive' }
  | { type: 'stop' };

/**
 * Keeps the window's page alive. A renderer that is gone (any reason but a clean exit; the host
 * filters those) is reloaded after a backoff; one that hangs past the grace period is killed and
 * then reloaded the same way. While a reload is pending, further crash reports (among them the
 * one the kill itself causes) change nothing, so a crash loop reloads at most once per delay.
 * The host provides `reload`, `killRenderer` and `announce` (the tray's line).
 */
export const rendererRecoveryMachine = setup({
  types: {} as { context: { restarts: number }; events: RendererRecoveryEvent },
  actions: {
    reload: () => {},
    killRenderer: () => {},
    announce: (_, _params: { notice: RecoveryNotice | null }) => {},
    countRestart: assign(({ context }) => ({ restarts: context.restarts + 1 })),
    resetRestarts: assign({ restarts: 0 }),
  },
  guards: {
    hasRestarted: ({ context }) => context.restarts > 0,
  },
  delays: {
    backoff: ({ context }) => reloadDelayMs(context.restarts),
    hangGrace: HANG_GRACE_MS,
    stable: STABLE_MS,
  },
}).createMachine({
  id: 'rendererRecovery',
  context: { restarts: 0 },
  initial: 'running',
  on: { stop: '.stopped' },
  states: {
    running: {
      on: {
        'renderer.gone': 'waiting',
        'renderer.unresponsive': 'hung',
      },
    },
    /** Running again after a restart; no timer is armed in `running`, so nothing outlives a quiet app. */
    recovered: {
      on: {
        'renderer.gone': 'waiting',
        'renderer.unresponsive': 'hung',
      },
      after: {
        stable: {
          target: 'running',
          actions: ['resetRestarts', { type: 'announce', params: { notice: null } }],
        },
      },
    },
    hung: {
      on: {
        'renderer.responsive': [{ guard: 'hasRestarted', target: 'recovered' }, { target: 'running' }],
        'renderer.gone': 'waiting',
      },
      after: { hangGrace: { target: 'waiting', actions: 'killRenderer' } },
    },
    waiting: {
      entry: { type: 'announce', params: { notice: 'restarting' } },
      after: {
        backoff: {
          target: 'recovered',
          actions: ['reload', 'countRestart', { type: 'announce', params: { notice: 'restarted' } }],
        },
      },
    },
    stopped: { type: 'final' },
  },
});
