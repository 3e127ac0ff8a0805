/** How a test tone sounds: its length, sample rate, pitch and loudness (of 32767). */
export interface ToneOptions {
  seconds: number;
  sampleRate?: number;
  frequency?: number;
  amplitude?: number;
}

/**
 * A sine tone as a 16-bit mono PCM WAV: what a fake voice platform "says", or what Chromium's
 * fake microphone plays. Its length is what a test reads back to tell one voice from another.
 */
export function toneWav({
  seconds,
  sampleRate = 24_000,
  frequency = 440,
  amplitude = 8000,
}: ToneOptions): Buffer {
  const samples = Math.round(sampleRate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(
      Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * amplitude),
      44 + i * 2,
    );
  return wav;
}
