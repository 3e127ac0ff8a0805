export { createClassicRingtone } from './classicRingtone';
export { createRingbackTone } from './ringbackTone';
export { createTonePattern, type Tone, type ToneContext, type TonePattern } from './tonePattern';
