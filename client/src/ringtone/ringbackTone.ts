import { createTonePattern, type Tone, type ToneContext } from './tonePattern';

/** The waiting tone while a dispatch is calling: 450 Hz, 1 s on and 4 s off (spec default). */
export function createRingbackTone(context: ToneContext): Tone {
  return createTonePattern(context, {
    frequencies: [450],
    bursts: [{ onMs: 1000, offMs: 4000 }],
    gain: 0.15,
  });
}
