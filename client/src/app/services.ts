import { createClassicRingtone, type Tone } from '../ringtone';
import { createSpeechCache, createSpeechService, sharedAudioOutput, TTS_ENGINES } from '../speech';
import { browserStore } from '../storage';

/** The page's long-lived services: one store, one speech cache and service, one audio output. */
export const store = browserStore();
export const speech = createSpeechService({ engines: TTS_ENGINES, cache: createSpeechCache() });
export const audio = sharedAudioOutput();

let ringtoneContext: AudioContext | null = null;
let ringtone: Tone | null = null;

/** The incoming-call ringtone, generated with WebAudio (no file to fetch). */
export const incomingRingtone = {
  start(): void {
    ringtoneContext ??= new AudioContext();
    if (ringtoneContext.state === 'suspended') void ringtoneContext.resume().catch(() => undefined);
    ringtone ??= createClassicRingtone(ringtoneContext);
    ringtone.start();
  },
  stop(): void {
    ringtone?.stop();
  },
};
