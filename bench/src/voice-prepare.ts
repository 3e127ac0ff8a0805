// The client's speech code is browser code (IndexedDB cache, Web Worker voice): it type-checks
// against the DOM library. At run time only fetch, Blob and FormData are used, which Node has.
/// <reference lib="dom" />
import { EventEmitter, setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { TTS_ENGINES } from '../../client/src/speech/engine-registry';
import { prepareSpeech } from '../../client/src/speech/prepare-speech';
import { createSpeechCache } from '../../client/src/speech/speech-cache';
import { createSpeechService, type SynthesizeOptions } from '../../client/src/speech/speech-service';
import type { TtsEngine } from '../../client/src/speech/tts-engine';
import { DOWNLOAD_BASE, FAKE_PLATFORMS, type FakePlatform, WAV } from './voice-prepare/fake-platforms';

const SENTENCES = 20;
const DELAY_MS = 300;
/** The speech service's default limit of concurrent voice requests (a private semaphore of 3). */
const SERVICE_LIMIT = 3;

interface Counts {
  inFlight: number;
  max: number;
  requests: number;
}

/**
 * The engine's `fetch`, in-process: a synthesis request waits DELAY_MS and gets the platform's
 * answer; an audio download (Qwen's URL) is answered at once; anything else is a 404.
 */
function fakeFetch(platform: FakePlatform, counts: Counts): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(DOWNLOAD_BASE))
      return new Response(WAV as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'audio/wav' } });
    if (!url.startsWith(platform.endpoint)) return new Response(`no fake answers ${url}`, { status: 404 });
    counts.requests += 1;
    counts.inFlight += 1;
    counts.max = Math.max(counts.max, counts.inFlight);
    try {
      await sleep(DELAY_MS, undefined, init?.signal ? { signal: init.signal } : {});
    } finally {
      counts.inFlight -= 1;
    }
    return platform.respond();
  };
}

function briefSentences(): string[] {
  return Array.from(
    { length: SENTENCES },
    (_, i) => `Sentence ${i + 1}: the change to module ${i + 1} is finished and its tests pass.`,
  );
}

/** Column widths: negative pads the end (text), positive the start (figures). */
const WIDTHS = [-12, -32, 8, 10, 10, 8, 14, 0];
const row = (cells: string[]) =>
  cells
    .map((cell, i) => ((WIDTHS[i] ?? 0) < 0 ? cell.padEnd(-(WIDTHS[i] ?? 0)) : cell.padStart(WIDTHS[i] ?? 0)))
    .join('');

/** One engine's row: prepare the brief through the real speech service with a fresh memory-only cache. */
async function prepareWith(engine: TtsEngine, sentences: readonly string[]): Promise<void> {
  if (engine.id === 'on-device') return; // said above the table
  const platform = FAKE_PLATFORMS[engine.id];
  if (!platform) {
    console.log(row([engine.id, '(no fake written)', '-', '-', '-', '-', '-', '']));
    return;
  }
  const counts: Counts = { inFlight: 0, max: 0, requests: 0 };
  const service = createSpeechService({
    engines: TTS_ENGINES,
    cache: createSpeechCache({ store: null }),
    fetch: fakeFetch(platform, counts),
  });
  const options: SynthesizeOptions = {
    engineId: engine.id,
    config: platform.config,
    language: 'en-US',
    rate: 1,
  };
  const started = performance.now();
  try {
    await prepareSpeech(sentences, service, options);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    console.log(`${engine.id.padEnd(12)}FAILED: ${cause instanceof Error ? cause.message : String(cause)}`);
    return;
  }
  const ms = performance.now() - started;
  const cached = sentences.filter((sentence) => service.isCached(sentence, options)).length;
  const sample = await service.synthesize(sentences[0] ?? '', options); // a cache hit: no request
  console.log(
    row([
      engine.id,
      platform.answer,
      ms.toFixed(0),
      String(counts.max),
      String(counts.requests),
      `${cached}/${sentences.length}`,
      String(sentences.length * DELAY_MS),
      `  ${sample.type}, ${sample.size} B`,
    ]),
  );
}

/**
 * Time to prepare a 20-sentence brief (`prepareSpeech`) with every voice platform's fake
 * answering after 300 ms a sentence: what bounded parallel synthesis buys on each platform.
 */
export async function benchVoicePrepare(): Promise<void> {
  const sentences = briefSentences();
  console.log(
    `\n# Voice preparation: a ${SENTENCES}-sentence brief, each platform's fake answering in ${DELAY_MS} ms ` +
      `(service limit ${SERVICE_LIMIT} at a time, fresh memory-only cache)`,
  );
  console.log(
    'on-device: skipped (eSpeak NG runs in a browser Web Worker; `npm run bench ring` times it in Chromium)',
  );
  console.log(
    row(['engine', 'fake answer', 'total ms', 'max conc.', 'requests', 'cached', 'serial bound', '  audio']),
  );
  // All 20 sentences wait on one abort signal in the service's semaphore: fine in a browser, but
  // Node warns past 10 listeners on an AbortSignal. Raised for this bench only.
  const defaultMaxListeners = EventEmitter.defaultMaxListeners;
  setMaxListeners(SENTENCES + 10);
  try {
    for (const engine of TTS_ENGINES) await prepareWith(engine, sentences);
  } finally {
    setMaxListeners(defaultMaxListeners);
  }
  console.log(
    `serial bound = ${SENTENCES} × ${DELAY_MS} ms; ${SERVICE_LIMIT} at a time the floor is ` +
      `⌈${SENTENCES}/${SERVICE_LIMIT}⌉ × ${DELAY_MS} = ${Math.ceil(SENTENCES / SERVICE_LIMIT) * DELAY_MS} ms. ` +
      "Qwen's audio download is answered at once.",
  );
}
