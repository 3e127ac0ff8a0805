/** A tone's rhythm: how long each burst sounds, and the silence after it (a TonePattern's `bursts`). */
export interface Cadence {
  readonly bursts: readonly { readonly onMs: number; readonly offMs: number }[];
}

/**
 * Browsers cut a vibration pattern short (Chromium keeps 10 s per entry and 99 entries); a ring
 * notification re-alerts with every push (about every 25 s), so a few cycles are enough.
 */
const MAX_VIBRATION_MS = 10_000;

/**
 * A tone's cadence as a vibration pattern (`[on, off, on, …]` in ms): buzz while it sounds, rest
 * while it is silent, repeated for about `maxMs`, ending on a buzz.
 */
export function vibrationPattern(cadence: Cadence, maxMs = MAX_VIBRATION_MS): number[] {
  const vibration: number[] = [];
  if (cadence.bursts.length === 0) return vibration;
  let total = 0;
  for (;;) {
    for (const { onMs, offMs } of cadence.bursts) {
      if (vibration.length > 0 && total + onMs > maxMs) return vibration.slice(0, -1);
      vibration.push(onMs, offMs);
      total += onMs + offMs;
    }
  }
}

/**
 * How a call notification vibrates: the classic ring's cadence (CLASSIC_RING_PATTERN, the default
 * incoming tone: 2 s on, 4 s off). The service worker cannot read the tone chosen on the device
 * (it is in localStorage), and a phone's vibration follows the ring, not the timbre. Written out
 * rather than imported so the worker does not take in the WebAudio tone code.
 */
export const RING_VIBRATION: readonly number[] = vibrationPattern({ bursts: [{ onMs: 2000, offMs: 4000 }] });
