import { describe, expect, it } from 'vitest';
import { toneWav } from './tone-wav';

describe('toneWav', () => {
  it('writes a PCM WAV header that matches its samples', () => {
    const wav = toneWav({ seconds: 0.5, sampleRate: 16_000 });
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(16_000); // 8000 samples of 2 bytes
    expect(wav.length).toBe(44 + 16_000);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });

  it('is a tone of the asked loudness, not silence', () => {
    const wav = toneWav({ seconds: 0.1, amplitude: 6000 });
    let peak = 0;
    for (let offset = 44; offset < wav.length; offset += 2)
      peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
    expect(peak).toBeGreaterThan(5900);
    expect(peak).toBeLessThanOrEqual(6000);
  });
});
