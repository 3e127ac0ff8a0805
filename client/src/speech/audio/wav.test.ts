import { describe, expect, it } from 'vitest';
import { int16ToBytes, pcm16ToWav } from './wav';

describe('pcm16ToWav', () => {
  it('writes the 44-byte RIFF/WAVE header for 16-bit mono PCM', () => {
    const pcm = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const wav = pcm16ToWav(pcm, 24000);
    const view = new DataView(wav.buffer);
    const ascii = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
    expect(wav.byteLength).toBe(50);
    expect(ascii(0)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(ascii(8)).toBe('WAVE');
    expect(ascii(12)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(24000);
    expect(view.getUint32(28, true)).toBe(48000); // byte rate = 2 × rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([...wav.subarray(44)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('drops a trailing odd byte so the data length stays even', () => {
    const wav = pcm16ToWav(new Uint8Array([1, 2, 3]), 22050);
    expect(wav.byteLength).toBe(46);
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(2);
    expect(new DataView(wav.buffer).getUint32(4, true)).toBe(38);
  });
});

describe('int16ToBytes', () => {
  it('writes samples little-endian', () => {
    expect([...int16ToBytes(new Int16Array([1, -2, 0x1234]))]).toEqual([1, 0, 0xfe, 0xff, 0x34, 0x12]);
  });
});
