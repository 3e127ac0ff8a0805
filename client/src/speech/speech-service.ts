import { isRequestTimeout } from '../net';
import { abortableWait } from './abortable-wait';
import { speechCacheKey } from './cache-key';
import { createSemaphore, type Semaphore } from './semaphore';
import type { SpeechCache } from './speech-cache';
import {
  missingSetting,
  resolveVoice,
  type TtsConfig,
  type TtsEngine,
  VoiceUnavailableError,
} from './tts-engine';

export interface SynthesizeOptions {
  readonly engineId: string;
  readonly config: TtsConfig;
  /** The call's language (a brief locale such as `en-US`). */
  readonly language: string;
  /** Speech rate, 1 = normal; clamped to the engine's range. */
  readonly rate: number;
}

export interface SpeechService {
  /**
   * One sentence as audio, from the cache or the chosen platform. Rejects with
   * VoiceUnavailableError when the voice fails for good, or with the abort reason when aborted.
   */
  synthesize(text: string, options: SynthesizeOptions, signal?: AbortSignal): Promise<Blob>;
  /** Whether a sentence is already in the memory cache (false when the engine is unknown). */
  isCached(text: string, options: SynthesizeOptions): boolean;
}

export interface SpeechServiceOptions {
  readonly engines: readonly TtsEngine[];
  readonly cache: SpeechCache;
  readonly fetch?: typeof fetch;
  /** Shared limit of concurrent voice requests; default: a private limit of 3. */
  readonly slots?: Semaphore;
  readonly retries?: number;
  /** For tests: the backoff wait and its jitter source. */
  readonly wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
}

/** Failures worth another try: 408 timeouts, rate limits, server errors, network errors. */
export function isTransient(error: unknown): boolean {
  // Our own deadline ran out: a hung platform stays hung, and another try only holds the call longer.
  if (isRequestTimeout(error)) return false;
  if (typeof error === 'string') return true; // Tauri-style string errors from a native fetch
  if (error instanceof TypeError) return true; // fetch's network failure
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 408 || status === 429 || status >= 500);
}

export function clampRate(engine: TtsEngine, rate: number): number {
  if (!engine.rate) return 1;
  const value = Number.isFinite(rate) ? rate : 1;
  return Math.min(engine.rate.max, Math.max(engine.rate.min, value));
}

export function createSpeechService(options: SpeechServiceOptions): SpeechService {
  const engines = options.engines;
  const cache = options.cache;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const slots = options.slots ?? createSemaphore(3);
  const retries = options.retries ?? 2;
  const wait = options.wait ?? abortableWait;
  const random = options.random ?? Math.random;

  const plan = (text: string, opts: SynthesizeOptions) => {
    const engine = engines.find((candidate) => candidate.id === opts.engineId);
    if (!engine) return null;
    const rate = clampRate(engine, opts.rate);
    const model = opts.config.model || engine.models[0]?.id || '';
    const voice = resolveVoice(engine, opts.config.voice, opts.language);
    const input = { text, voice, model, rate, language: opts.language };
    const key = speechCacheKey({
      engine,
      config: opts.config,
      model,
      voice,
      language: opts.language,
      rate,
      text,
    });
    return { engine, input, key };
  };

  const callEngine = async (
    engine: TtsEngine,
    input: Parameters<TtsEngine['synthesize']>[0],
    config: TtsConfig,
    signal?: AbortSignal,
  ) => {
    const ctx = { fetch: fetchFn, signal };
    if (engine.ownsRequestPolicy) return engine.synthesize(input, config, ctx);
    for (let attempt = 0; ; attempt++) {
      const release = await slots.acquire(signal);
      try {
        return await engine.synthesize(input, config, ctx);
      } catch (error) {
        if (signal?.aborted || attempt >= retries || !isTransient(error)) throw error;
      } finally {
        release();
      }
      // The slot is free during the backoff so other sentences can go meanwhile.
      await wait(500 * 2 ** attempt + random() * 200, signal);
    }
  };

  return {
    isCached(text, opts) {
      const planned = plan(text.trim(), opts);
      return planned !== null && cache.hasInMemory(planned.key);
    },
    async synthesize(text, opts, signal) {
      const trimmed = text.trim();
      if (trimmed === '') throw new Error('nothing to say: the sentence is empty');
      const planned = plan(trimmed, opts);
      if (!planned) throw new VoiceUnavailableError(new Error(`unknown voice engine ${opts.engineId}`));
      const missing = missingSetting(planned.engine, opts.config);
      if (missing) throw new VoiceUnavailableError(new Error(`voice setting missing: ${missing}`));
      const cached = await cache.get(planned.key);
      if (cached) return cached;
      signal?.throwIfAborted();
      let audio: Blob;
      try {
        audio = await callEngine(planned.engine, planned.input, opts.config, signal);
        if (audio.size === 0) throw new Error('the voice returned no audio');
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new VoiceUnavailableError(error);
      }
      // Not awaited: the memory level is written at once; the IndexedDB write may trail.
      if (planned.engine.keepsInCache?.(audio) !== false) void cache.put(planned.key, audio);
      return audio;
    },
  };
}
