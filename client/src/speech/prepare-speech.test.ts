import { describe, expect, it, vi } from 'vitest';
import { prepareSpeech } from './prepare-speech';
import type { SpeechService, SynthesizeOptions } from './speech-service';
import { VoiceUnavailableError } from './tts-engine';

const opts: SynthesizeOptions = {
  engineId: 'x',
  config: { values: {}, model: '', voice: '' },
  language: 'en-US',
  rate: 1,
};

function controllable() {
  const pending = new Map<
    string,
    { resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal }
  >();
  const synthesize = vi.fn<SpeechService['synthesize']>(
    (text, _opts, signal) =>
      new Promise<Blob>((resolve, reject) => {
        pending.set(text, { resolve: () => resolve(new Blob(['a'])), reject, signal });
        signal?.addEventListener('abort', () => reject(signal.reason));
      }),
  );
  return { synth: { synthesize }, synthesize, pending };
}

describe('prepareSpeech', () => {
  it('synthesises every distinct sentence at once and resolves when all are done', async () => {
    const { synth, synthesize, pending } = controllable();
    let done = false;
    const prepared = prepareSpeech(['One.', 'Two.', ' One. ', '', 'Three.'], synth, opts).then(() => {
      done = true;
    });
    expect(synthesize.mock.calls.map((c) => c[0])).toEqual(['One.', 'Two.', 'Three.']);
    pending.get('One.')?.resolve();
    pending.get('Two.')?.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    pending.get('Three.')?.resolve();
    await prepared;
    expect(done).toBe(true);
  });

  it('aborts the rest on the first failure and rejects with that failure', async () => {
    const { synth, pending } = controllable();
    const prepared = prepareSpeech(['One.', 'Two.', 'Three.'], synth, opts);
    const failure = new VoiceUnavailableError(new Error('503'));
    pending.get('Two.')?.reject(failure);
    await expect(prepared).rejects.toBe(failure);
    expect(pending.get('One.')?.signal?.aborted).toBe(true);
    expect(pending.get('Three.')?.signal?.aborted).toBe(true);
  });

  it('aborts everything when the caller aborts, rejecting with the caller’s reason', async () => {
    const { synth, pending } = controllable();
    const controller = new AbortController();
    const prepared = prepareSpeech(['One.', 'Two.'], synth, opts, controller.signal);
    controller.abort(new Error('answered elsewhere'));
    await expect(prepared).rejects.toThrow('answered elsewhere');
    expect(pending.get('One.')?.signal?.aborted).toBe(true);
  });

  it('refuses to start with an aborted signal, and resolves at once with nothing to say', async () => {
    const { synth, synthesize } = controllable();
    await expect(prepareSpeech(['One.'], synth, opts, AbortSignal.abort(new Error('no')))).rejects.toThrow(
      'no',
    );
    await expect(prepareSpeech(['  '], synth, opts)).resolves.toBeUndefined();
    expect(synthesize).not.toHaveBeenCalled();
  });
});

describe('prepareSpeech with the real service', () => {
  it('stays within 3 concurrent requests and leaves every sentence cached', async () => {
    const { createSpeechService } = await import('./speech-service');
    const { createSpeechCache } = await import('./speech-cache');
    let active = 0;
    let peak = 0;
    const engine = {
      id: 'x',
      name: 'X',
      category: 'cloud' as const,
      fields: [],
      models: [],
      voices: () => [],
      customVoice: true,
      defaultVoice: () => 'v',
      rate: null,
      synthesize: async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 2));
        active--;
        return new Blob(['a']);
      },
    };
    const service = createSpeechService({ engines: [engine], cache: createSpeechCache({ store: null }) });
    const sentences = Array.from({ length: 12 }, (_, i) => `Sentence ${i}.`);
    await prepareSpeech(sentences, service, opts);
    expect(peak).toBe(3);
    expect(sentences.every((s) => service.isCached(s, opts))).toBe(true);
  });
});
