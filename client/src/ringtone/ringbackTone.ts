import { createTonePattern, type Tone, type ToneContext, type TonePattern } from './tonePattern';

/** The waiting tone while a dispatch is calling: 450 Hz, 1 s on and 4 s off (spec default). */
export const RINGBACK_PATTERN: TonePattern = {
  frequencies: [450],
  bursts: [{ onMs: 1000, offMs: 4000 }],
  gain: 0.15,
};

export function createRingbackTone(context: ToneContext): Tone {
  return createTonePattern(context, RINGBACK_PATTERN);
}
