import type { SlotTone } from './tonePlayer';

/** What is ringing: a report's call, or an agent waiting on a permission answer. */
export type CallKind = 'report' | 'permission';

/** The session's ringtone: one start/stop, the slot chosen by the kind of call that rings. */
export interface CallRingtone {
  start(kind?: CallKind): void;
  stop(): void;
  readonly playing: boolean;
}

/**
 * Rings a permission call with its own slot and every other call with the incoming slot. A start
 * for the other kind while one rings switches slots, so only one tone ever sounds.
 */
export function callRingtone(slots: { incoming: SlotTone; permission: SlotTone }): CallRingtone {
  let current: SlotTone | null = null;
  return {
    get playing() {
      return current?.playing ?? false;
    },
    start(kind = 'report') {
      const next = kind === 'permission' ? slots.permission : slots.incoming;
      if (current === next && next.playing) return;
      current?.stop();
      current = next;
      next.start();
    },
    stop() {
      current?.stop();
      current = null;
    },
  };
}
