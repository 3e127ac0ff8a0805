/** How a test tone sounds: its length, sample rate, pitch and loudness (of 32767). */
export interface ToneOptions {
  seconds: number;
  sampleRate?: number;
  frequency?: number;
  amplitude?: number;
}

/** A sine tone as headerless 16-bit mono PCM (what a `pcm` voice platform answers). */
export function tonePcm({
  seconds,
  sampleRate = 24_000,
  frequency = 440,
  amplitude = 8000,
}: ToneOptions): Buffer {
  const samples = Math.round(sampleRate * seconds);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * amplitude), i * 2);
  return pcm;
}

/** 16-bit mono PCM wrapped in a WAV header. */
export function wavOf(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  header.writeUInt16LE(2, 32); // bytes a frame
  header.writeUInt16LE(16, 34); // bits a sample
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * A sine tone as a 16-bit mono PCM WAV: what a fake voice platform "says", or what Chromium's
 * fake microphone plays. Its length is what a test reads back to tell one voice from another.
 */
export function toneWav(options: ToneOptions): Buffer {
  return wavOf(tonePcm(options), options.sampleRate ?? 24_000);
}
