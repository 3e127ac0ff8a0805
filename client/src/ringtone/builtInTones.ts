import { CLASSIC_RING_PATTERN } from './classicRingtone';
import { RINGBACK_PATTERN } from './ringbackTone';
import type { TonePattern } from './tonePattern';

/** A tone the app generates with WebAudio: nothing to download or store. */
export type BuiltInTone = { readonly id: string; readonly name: string; readonly pattern: TonePattern };

/** Three struck notes, a fundamental with its fourth partial (a marimba bar's strongest overtone). */
const MARIMBA: TonePattern = {
  frequencies: [523.25, 2093],
  bursts: [
    { onMs: 220, offMs: 60 },
    { onMs: 220, offMs: 60 },
    { onMs: 420, offMs: 2400 },
  ],
  gain: 0.22,
  decay: true,
};

/** Two long bell strokes with a slow shimmer. */
const CHIME: TonePattern = {
  frequencies: [880, 1318.5],
  bursts: [
    { onMs: 900, offMs: 150 },
    { onMs: 1400, offMs: 2500 },
  ],
  gain: 0.16,
  warbleHz: 5,
  decay: true,
};

/** Quick square-wave beeps, like a desk phone's electronic ringer. */
const DIGITAL: TonePattern = {
  frequencies: [1250],
  bursts: [
    { onMs: 90, offMs: 60 },
    { onMs: 90, offMs: 60 },
    { onMs: 90, offMs: 60 },
    { onMs: 90, offMs: 1800 },
  ],
  gain: 0.06,
  wave: 'square',
};

/** Soft, even triangle-wave pulses. */
const PULSE: TonePattern = {
  frequencies: [620],
  bursts: [
    { onMs: 300, offMs: 300 },
    { onMs: 300, offMs: 2600 },
  ],
  gain: 0.2,
  wave: 'triangle',
};

/**
 * Permission calls' default: quick high beeps in pairs, a short cycle, so it is plainly not a report
 * calling; an agent is waiting on the answer. Two notes a fifth apart cut through a room.
 */
export const URGENT_PATTERN: TonePattern = {
  frequencies: [1046.5, 1568],
  bursts: [
    { onMs: 110, offMs: 70 },
    { onMs: 110, offMs: 70 },
    { onMs: 110, offMs: 70 },
    { onMs: 110, offMs: 800 },
  ],
  gain: 0.12,
  wave: 'triangle',
};

/** The seven built-in tones, in the order the pages list them. Ids are stored: never rename one. */
export const BUILT_IN_TONES: readonly BuiltInTone[] = [
  { id: 'classic', name: 'Classic', pattern: CLASSIC_RING_PATTERN },
  { id: 'ringback', name: 'Ringback', pattern: RINGBACK_PATTERN },
  { id: 'marimba', name: 'Marimba', pattern: MARIMBA },
  { id: 'chime', name: 'Chime', pattern: CHIME },
  { id: 'digital', name: 'Digital', pattern: DIGITAL },
  { id: 'pulse', name: 'Pulse', pattern: PULSE },
  { id: 'urgent', name: 'Urgent', pattern: URGENT_PATTERN },
];

export function builtInTone(id: string): BuiltInTone | undefined {
  return BUILT_IN_TONES.find((tone) => tone.id === id);
}
