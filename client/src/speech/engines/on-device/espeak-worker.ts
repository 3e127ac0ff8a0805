/**
 * The only file that imports eSpeak NG (GPL-3.0): bundled as its own worker asset so the
 * copyleft code stays behind the TtsEngine interface and can be swapped by a distributor.
 * Jobs arrive one at a time from espeak-client.ts.
 */
import EspeakInitializer from '@echogarden/espeak-ng-emscripten';
// Vite renames the data file, so the loader's own lookup beside the JS chunk would miss it:
// fetch it by its real URL and hand it over.
import dataUrl from '@echogarden/espeak-ng-emscripten/espeak-ng.data?url';
import type { EspeakJob, EspeakReply } from './espeak-protocol';
import { type EspeakSynth, speakJob } from './speak-job';

const INIT_TIMEOUT_MS = 30_000;

let engine: Promise<EspeakSynth> | null = null;

async function load(): Promise<EspeakSynth> {
  const response = await fetch(dataUrl);
  if (!response.ok) throw new Error(`voice data download failed (${response.status})`);
  const data = await response.arrayBuffer();
  // A wrong or missing data file makes init hang forever instead of failing.
  const module = await Promise.race([
    EspeakInitializer({ getPreloadedPackage: () => data }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('on-device voice did not start')), INIT_TIMEOUT_MS),
    ),
  ]);
  return new module.eSpeakNGWorker();
}

/** The worker global, typed by hand: the client tsconfig has DOM types, not WebWorker ones. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<EspeakJob>) => void) | null;
  postMessage(message: EspeakReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async (event: MessageEvent<EspeakJob>) => {
  const job = event.data;
  let reply: EspeakReply;
  try {
    engine ??= load();
    reply = speakJob(await engine, job);
  } catch (error) {
    engine = null; // let the next job try loading again
    reply = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (reply.ok) scope.postMessage(reply, [reply.wav]);
  else scope.postMessage(reply);
};
