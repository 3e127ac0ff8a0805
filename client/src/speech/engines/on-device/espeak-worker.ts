/**
 * The only file that imports eSpeak NG (GPL-3.0): bundled as its own worker asset so the
 * copyleft code stays behind the TtsEngine interface and can be swapped by a distributor.
 * Jobs arrive one at a time from espeak-client.ts.
 */

import { VOICE_DATA_LAYOUT } from 'virtual:espeak-voice-data';
import EspeakInitializer, { type EspeakModule } from '@echogarden/espeak-ng-emscripten';
import type { EspeakJob, EspeakMessage, EspeakReply } from './espeak-protocol';
import { type EspeakSynth, speakJob } from './speak-job';
import { assemblePackage, dictionariesFor } from './voice-data/voice-data-layout';
import { createVoiceDataStore } from './voice-data/voice-data-store';

const INIT_TIMEOUT_MS = 30_000;

interface LoadedVoice {
  readonly module: EspeakModule;
  readonly synth: EspeakSynth;
  /** The dictionaries written into eSpeak NG's file system so far (the others are zeros). */
  readonly dictionaries: Set<string>;
}

const layout = VOICE_DATA_LAYOUT;
const loadFile = createVoiceDataStore({
  caches: typeof caches === 'undefined' ? undefined : caches,
  fetch: (url) => fetch(url),
  current: new Set([layout.shared.url, ...Object.values(layout.dictionaries).map((part) => part.url)]),
});
let engine: Promise<LoadedVoice> | null = null;

function partOf(dictionary: string) {
  const part = layout.dictionaries[dictionary];
  if (!part) throw new Error(`no on-device voice data for ${dictionary}`);
  return part;
}

const sharedSize = layout.shared.ranges.reduce((sum, [start, end]) => sum + end - start, 0);

/** Called as voice data downloads, so the page times a download by its progress. */
type Progress = () => void;

function loadPart(dictionary: string, progress: Progress): Promise<Uint8Array> {
  const part = partOf(dictionary);
  return loadFile(part.url, part.end - part.start, progress);
}

/** Starts eSpeak NG with the shared files and only these dictionaries downloaded. */
async function start(dictionaries: readonly string[], progress: Progress): Promise<LoadedVoice> {
  const [shared, ...parts] = await Promise.all([
    loadFile(layout.shared.url, sharedSize, progress),
    ...dictionaries.map((name) => loadPart(name, progress)),
  ]);
  const data = assemblePackage(
    layout,
    shared ?? new Uint8Array(),
    new Map(dictionaries.map((name, index) => [name, parts[index] ?? new Uint8Array()])),
  );
  // A wrong data package makes init hang forever instead of failing.
  const module = await Promise.race([
    EspeakInitializer({ getPreloadedPackage: () => data }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('on-device voice did not start')), INIT_TIMEOUT_MS),
    ),
  ]);
  return { module, synth: new module.eSpeakNGWorker(), dictionaries: new Set(dictionaries) };
}

/**
 * eSpeak NG ready to speak `text` with `voice`: started with that language on first use; a
 * language needed later (another voice, or another script in the text) has its dictionary downloaded and written into the running instance's file system (eSpeak
 * NG reads a dictionary file when a voice of that language is set), so nothing restarts.
 */
async function readyFor(voice: string, text: string, progress: Progress): Promise<EspeakSynth> {
  const needed = dictionariesFor(layout, voice, text);
  if (!needed) throw new Error(`unknown on-device voice ${voice}`);
  engine ??= start(needed, progress).catch((error: unknown) => {
    engine = null; // the next job tries again (a download failed, say)
    throw error;
  });
  const loaded = await engine;
  for (const name of needed) {
    if (loaded.dictionaries.has(name)) continue;
    const part = partOf(name);
    loaded.module.FS.writeFile(part.path, await loadPart(name, progress));
    loaded.dictionaries.add(name);
  }
  return loaded.synth;
}

/** The worker global, typed by hand: the client tsconfig has DOM types, not WebWorker ones. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<EspeakJob>) => void) | null;
  postMessage(message: EspeakMessage, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

/**
 * The job the page waits on now: a download started for a job the page gave up on (aborted) goes
 * on for the next one, whose deadline its progress must then keep.
 */
let latestJob = 0;
const reportLoading = () => scope.postMessage({ id: latestJob, stage: 'loading' });

scope.onmessage = async (event: MessageEvent<EspeakJob>) => {
  const job = event.data;
  latestJob = job.id;
  let reply: EspeakReply;
  try {
    const synth = await readyFor(job.voice, job.text, reportLoading);
    scope.postMessage({ id: job.id, stage: 'speaking' });
    reply = speakJob(synth, job);
  } catch (error) {
    reply = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (reply.ok) scope.postMessage(reply, [reply.wav]);
  else scope.postMessage(reply);
};
