import { createClassicRingtone, createRingbackTone, type Tone } from '../ringtone';
import { createSpeechCache, createSpeechService, sharedAudioOutput, TTS_ENGINES } from '../speech';
import { browserStore } from '../storage';

/** The page's long-lived services: one store, one speech cache and service, one audio output. */
export const store = browserStore();
export const speech = createSpeechService({ engines: TTS_ENGINES, cache: createSpeechCache() });
export const audio = sharedAudioOutput();

let toneContext: AudioContext | null = null;

/** A tone generated with WebAudio (no file to fetch), made on first use: the page's one AudioContext for tones. */
function generatedTone(create: (context: AudioContext) => Tone): Pick<Tone, 'start' | 'stop'> {
  let tone: Tone | null = null;
  return {
    start(): void {
      toneContext ??= new AudioContext();
      if (toneContext.state === 'suspended') void toneContext.resume().catch(() => undefined);
      tone ??= create(toneContext);
      tone.start();
    },
    stop(): void {
      tone?.stop();
    },
  };
}

/** The incoming-call ringtone. */
export const incomingRingtone = generatedTone(createClassicRingtone);
/** The waiting tone while a dispatch is calling: the ringback tone, 450 Hz, 1 s on and 4 s off. */
export const waitingTone = generatedTone(createRingbackTone);
