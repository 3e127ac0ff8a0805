import { int16ToBytes, pcm16ToWav } from '../../audio/wav';
import type { EspeakJob, EspeakReply } from './espeak-protocol';

/** The calls speakJob makes on an eSpeak NG instance (kept structural so this file needs no GPL import). */
export interface EspeakSynth {
  set_voice(name: string): number;
  set_rate(wordsPerMinute: number): void;
  get_samplerate(): number;
  synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => void): void;
}

/** One job: voice, rate, synthesis, and the samples as WAV; never speaks with the wrong voice. */
export function speakJob(espeak: EspeakSynth, job: EspeakJob): EspeakReply {
  // An unknown voice keeps the previous one and returns non-zero: never speak with the wrong voice.
  if (espeak.set_voice(job.voice) !== 0)
    return { id: job.id, ok: false, message: `unknown on-device voice ${job.voice}` };
  espeak.set_rate(job.wordsPerMinute);
  const chunks: Int16Array[] = [];
  espeak.synthesize(job.text, (samples) => {
    chunks.push(samples);
  });
  const sampleCount = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  // A broken data file yields 0 samples without throwing.
  if (sampleCount === 0) return { id: job.id, ok: false, message: 'the on-device voice produced no audio' };
  const samples = new Int16Array(sampleCount);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  const wav = pcm16ToWav(int16ToBytes(samples), espeak.get_samplerate());
  return { id: job.id, ok: true, wav: wav.buffer, sampleCount };
}
