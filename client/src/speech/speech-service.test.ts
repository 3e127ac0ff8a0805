import { describe, expect, it, vi } from 'vitest';
import { createSemaphore } from './semaphore';
import { createSpeechCache } from './speech-cache';
import { createSpeechService, type SynthesizeOptions } from './speech-service';
import { type TtsEngine, type TtsInput, VoiceHttpError, VoiceUnavailableError } from './tts-engine';

const audio = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mpeg' });

function fakeEngine(
  overrides: Partial<TtsEngine> = {},
  impl?: (input: TtsInput, signal?: AbortSignal) => Promise<Blob>,
) {
  const calls: TtsInput[] = [];
  const engine: TtsEngine = {
    id: 'fake',
    name: 'Fake',
    category: 'cloud',
    fields: [
      { key: 'region', label: 'Region', kind: 'text' },
      { key: 'apiKey', label: 'Key', kind: 'secret' },
    ],
    models: [
      { id: 'm1', name: 'm1' },
      { id: 'm2', name: 'm2' },
    ],
    voices: () => [{ id: 'v1', name: 'V1' }],
    customVoice: false,
    defaultVoice: () => 'v1',
    rate: { min: 0.7, max: 1.2 },
    synthesize: async (input, _config, ctx) => {
      calls.push(input);
      return impl ? impl(input, ctx.signal) : audio();
    },
    ...overrides,
  };
  return { engine, calls };
}

const opts = (partial: Partial<SynthesizeOptions> = {}): SynthesizeOptions => ({
  engineId: 'fake',
  config: { values: { region: 'eu', apiKey: 'k1' }, model: '', voice: '' },
  language: 'en-US',
  rate: 1,
  ...partial,
});

function service(engine: TtsEngine, extra: Partial<Parameters<typeof createSpeechService>[0]> = {}) {
  const waits: number[] = [];
  const svc = createSpeechService({
    engines: [engine],
    cache: createSpeechCache({ store: null }),
    wait: async (ms, signal) => {
      waits.push(ms);
      signal?.throwIfAborted();
    },
    random: () => 0.5,
    ...extra,
  });
  return { svc, waits };
}

describe('speech service', () => {
  it('trims the text, picks the first model and the resolved voice, and clamps the rate', async () => {
    const { engine, calls } = fakeEngine();
    const { svc } = service(engine);
    await svc.synthesize('  Hello.  ', opts({ rate: 2 }));
    await svc.synthesize('Slow.', opts({ rate: 0.1 }));
    expect(calls).toEqual([
      { text: 'Hello.', voice: 'v1', model: 'm1', rate: 1.2, language: 'en-US' },
      { text: 'Slow.', voice: 'v1', model: 'm1', rate: 0.7, language: 'en-US' },
    ]);
  });

  it('uses rate 1 for an engine without a rate, and the saved model', async () => {
    const { engine, calls } = fakeEngine({ rate: null });
    const { svc } = service(engine);
    await svc.synthesize(
      'Hi.',
      opts({ rate: 1.8, config: { values: { region: 'eu', apiKey: 'k' }, model: 'm2', voice: '' } }),
    );
    expect(calls[0]).toMatchObject({ rate: 1, model: 'm2' });
  });

  it('refuses empty text with a plain error, not a voice failure', async () => {
    const { engine, calls } = fakeEngine();
    const { svc } = service(engine);
    const error = await svc.synthesize('   ', opts()).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(VoiceUnavailableError);
    expect(calls).toHaveLength(0);
  });

  it('answers repeats from the cache; a new secret key keeps the audio, other settings do not', async () => {
    const { engine, calls } = fakeEngine();
    const { svc } = service(engine);
    const first = await svc.synthesize('Hello.', opts());
    expect(svc.isCached('Hello.', opts())).toBe(true);
    expect(await svc.synthesize(' Hello. ', opts())).toBe(first);
    await svc.synthesize(
      'Hello.',
      opts({ config: { values: { region: 'eu', apiKey: 'k2' }, model: '', voice: '' } }),
    );
    expect(calls).toHaveLength(1);
    await svc.synthesize(
      'Hello.',
      opts({ config: { values: { region: 'us', apiKey: 'k2' }, model: '', voice: '' } }),
    );
    await svc.synthesize('Hello.', opts({ rate: 0.8 }));
    await svc.synthesize('Hello.', opts({ language: 'en-GB' }));
    expect(calls).toHaveLength(4);
    expect(svc.isCached('Other.', opts())).toBe(false);
    expect(svc.isCached('Hello.', opts({ engineId: 'nope' }))).toBe(false);
  });

  it('retries 408/429/5xx and network errors twice with growing jittered delays', async () => {
    let n = 0;
    const { engine, calls } = fakeEngine({}, async () => {
      n++;
      if (n === 1) throw new VoiceHttpError('busy', 503);
      if (n === 2) throw new TypeError('Failed to fetch');
      return audio();
    });
    const { svc, waits } = service(engine);
    await expect(svc.synthesize('Hi.', opts())).resolves.toBeInstanceOf(Blob);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([600, 1100]);
  });

  it('gives up after 2 retries with VoiceUnavailableError keeping the cause', async () => {
    const cause = new VoiceHttpError('rate limited', 429);
    const { engine, calls } = fakeEngine({}, async () => {
      throw cause;
    });
    const { svc } = service(engine);
    const error = await svc.synthesize('Hi.', opts()).catch((e) => e);
    expect(error).toBeInstanceOf(VoiceUnavailableError);
    expect(error.voiceUnavailable).toBe(true);
    expect(error.cause).toBe(cause);
    expect(calls).toHaveLength(3);
  });

  it('does not retry other failures', async () => {
    for (const failure of [
      new VoiceHttpError('bad key', 401),
      new VoiceHttpError('no audio'),
      new Error('x'),
    ]) {
      const { engine, calls } = fakeEngine({}, async () => {
        throw failure;
      });
      const { svc } = service(engine);
      await expect(svc.synthesize('Hi.', opts())).rejects.toBeInstanceOf(VoiceUnavailableError);
      expect(calls).toHaveLength(1);
    }
  });

  it('treats empty audio as a failure', async () => {
    const { engine } = fakeEngine({}, async () => new Blob([]));
    const { svc } = service(engine);
    await expect(svc.synthesize('Hi.', opts())).rejects.toBeInstanceOf(VoiceUnavailableError);
  });

  it('fails as voice unavailable for an unknown engine or a missing setting, without calling out', async () => {
    const { engine, calls } = fakeEngine();
    const { svc } = service(engine);
    await expect(svc.synthesize('Hi.', opts({ engineId: 'nope' }))).rejects.toBeInstanceOf(
      VoiceUnavailableError,
    );
    const error = await svc
      .synthesize('Hi.', opts({ config: { values: { region: 'eu' }, model: '', voice: '' } }))
      .catch((e) => e);
    expect(error).toBeInstanceOf(VoiceUnavailableError);
    expect((error.cause as Error).message).toContain('apiKey');
    expect(calls).toHaveLength(0);
  });

  it('runs at most 3 voice requests at once', async () => {
    let active = 0;
    let peak = 0;
    const { engine } = fakeEngine({}, async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return audio();
    });
    const { svc } = service(engine);
    await Promise.all(Array.from({ length: 10 }, (_, i) => svc.synthesize(`Sentence ${i}.`, opts())));
    expect(peak).toBe(3);
  });

  it('shares a given semaphore and lets engines that own their policy skip it', async () => {
    const slots = createSemaphore(3);
    const held = await Promise.all([slots.acquire(), slots.acquire(), slots.acquire()]);
    const { engine: network, calls: networkCalls } = fakeEngine();
    const { engine: local, calls: localCalls } = fakeEngine({ id: 'local', ownsRequestPolicy: true });
    const svc = createSpeechService({
      engines: [network, local],
      cache: createSpeechCache({ store: null }),
      slots,
    });
    const waiting = svc.synthesize('Hi.', opts());
    await svc.synthesize('Hi.', opts({ engineId: 'local' }));
    expect(localCalls).toHaveLength(1);
    expect(networkCalls).toHaveLength(0);
    for (const release of held) release();
    await waiting;
    expect(networkCalls).toHaveLength(1);
  });

  it('rejects with the abort reason (not a voice failure) when aborted mid-request or mid-backoff', async () => {
    const { engine } = fakeEngine(
      {},
      (_input, signal) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    );
    const { svc } = service(engine);
    const controller = new AbortController();
    const pending = svc.synthesize('Hi.', opts(), controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new DOMException('hung up', 'AbortError'));
    const error = await pending.catch((e) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error.message).toBe('hung up');

    const { engine: flaky, calls } = fakeEngine({}, async () => {
      throw new VoiceHttpError('busy', 500);
    });
    const second = new AbortController();
    const svc2 = createSpeechService({
      engines: [flaky],
      cache: createSpeechCache({ store: null }),
      wait: async (_ms, signal) => {
        second.abort(new Error('gone'));
        signal?.throwIfAborted();
      },
    });
    await expect(svc2.synthesize('Hi.', opts(), second.signal)).rejects.toThrow('gone');
    expect(calls).toHaveLength(1);
  });

  it('rejects at once with an already-aborted signal, without calling the engine', async () => {
    const { engine, calls } = fakeEngine();
    const { svc } = service(engine);
    await expect(svc.synthesize('Hi.', opts(), AbortSignal.abort(new Error('before')))).rejects.toThrow(
      'before',
    );
    expect(calls).toHaveLength(0);
  });

  it('waits for real between retries by default (abortable)', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const { engine } = fakeEngine({}, async () => {
        if (++n === 1) throw new VoiceHttpError('busy', 502);
        return audio();
      });
      const svc = createSpeechService({
        engines: [engine],
        cache: createSpeechCache({ store: null }),
        random: () => 0,
      });
      const pending = svc.synthesize('Hi.', opts());
      await vi.advanceTimersByTimeAsync(499);
      expect(n).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBeInstanceOf(Blob);
      expect(n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
