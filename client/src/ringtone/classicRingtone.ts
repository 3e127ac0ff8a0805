import { createTonePattern, type Tone, type ToneContext, type TonePattern } from './tonePattern';

/**
 * The classic phone ring: 440 Hz + 480 Hz (the North American ring signal), 2 s on and 4 s off,
 * with a soft 16 Hz warble so it sounds like a bell rather than a test tone.
 */
export const CLASSIC_RING_PATTERN: TonePattern = {
  frequencies: [440, 480],
  bursts: [{ onMs: 2000, offMs: 4000 }],
  gain: 0.18,
  warbleHz: 16,
};

export function createClassicRingtone(context: ToneContext): Tone {
  return createTonePattern(context, CLASSIC_RING_PATTERN);
}
