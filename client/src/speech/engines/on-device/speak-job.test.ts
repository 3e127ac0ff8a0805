import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BRIEF_LOCALES } from '@ringback/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { espeakVoiceFor } from './espeak-voices';
import { type EspeakSynth, speakJob } from './speak-job';

// The real eSpeak NG (as the worker runs it), loaded in Node with its data handed over the same
// way the worker does, to check the WAV we make from it and every mapped voice name.
let espeak: EspeakSynth;

beforeAll(async () => {
  const packageJson = createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten/package.json');
  const dir = packageJson.slice(0, packageJson.lastIndexOf('/'));
  const data = await readFile(`${dir}/espeak-ng.data`);
  const { default: init } = (await import(/* @vite-ignore */ `${dir}/espeak-ng.js`)) as {
    default: (o: {
      getPreloadedPackage: () => ArrayBuffer;
    }) => Promise<{ eSpeakNGWorker: new () => EspeakSynth }>;
  };
  const module = await init({
    getPreloadedPackage: () =>
      data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
  });
  espeak = new module.eSpeakNGWorker();
});

function wavInfo(wav: ArrayBuffer) {
  const view = new DataView(wav);
  const samples = new Int16Array(wav.slice(44));
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  return {
    riff: String.fromCharCode(...new Uint8Array(wav, 0, 4)),
    sampleRate: view.getUint32(24, true),
    dataLength: view.getUint32(40, true),
    seconds: samples.length / view.getUint32(24, true),
    peak,
  };
}

describe('speakJob with the real eSpeak NG', () => {
  it('returns a WAV of non-silent speech at eSpeak’s rate', () => {
    const reply = speakJob(espeak, {
      id: 7,
      text: 'Hello world, this is a test.',
      voice: 'en-us',
      wordsPerMinute: 175,
    });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.id).toBe(7);
    const info = wavInfo(reply.wav);
    expect(info.riff).toBe('RIFF');
    expect(info.sampleRate).toBe(22050);
    expect(info.dataLength).toBe(reply.sampleCount * 2);
    expect(info.seconds).toBeGreaterThan(1);
    expect(info.seconds).toBeLessThan(4);
    expect(info.peak).toBeGreaterThan(1000);
  });

  it('speaks faster at a higher rate', () => {
    const text = 'This is a fairly long sentence for measuring the rate.';
    const slow = speakJob(espeak, { id: 1, text, voice: 'en-us', wordsPerMinute: 88 });
    const fast = speakJob(espeak, { id: 2, text, voice: 'en-us', wordsPerMinute: 350 });
    if (!slow.ok || !fast.ok) throw new Error('synthesis failed');
    expect(slow.sampleCount).toBeGreaterThan(fast.sampleCount * 2.5);
  });

  it('refuses an unknown voice instead of speaking with the previous one', () => {
    expect(speakJob(espeak, { id: 3, text: 'Hallo', voice: 'en-gb', wordsPerMinute: 175 })).toEqual({
      id: 3,
      ok: false,
      message: 'unknown on-device voice en-gb',
    });
  });

  it('treats 0 samples as an error (what a wrong data file gives)', () => {
    const silent: EspeakSynth = {
      set_voice: () => 0,
      set_rate: () => {},
      get_samplerate: () => 22050,
      synthesize: () => {},
    };
    expect(speakJob(silent, { id: 4, text: 'Hello', voice: 'en-us', wordsPerMinute: 175 })).toEqual({
      id: 4,
      ok: false,
      message: 'the on-device voice produced no audio',
    });
  });

  it('accepts every voice name the locale table maps to', () => {
    const voices = new Set(BRIEF_LOCALES.map(espeakVoiceFor).filter((v): v is string => v !== null));
    for (const voice of voices) expect(espeak.set_voice(voice), voice).toBe(0);
  });
});
