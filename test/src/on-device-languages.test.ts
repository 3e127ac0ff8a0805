import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { type RelayProcess, startRelayProcess } from './support/relay-process';

const CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));
/** eSpeak NG's sample rate: samples / rate = seconds of speech. */
const SAMPLE_RATE = 22_050;

let relay: RelayProcess;
let browser: Browser;
let page: Page;
let workerUrl: string;
const requested: string[] = [];

interface Spoken {
  readonly ok: boolean;
  readonly seconds?: number;
  readonly message?: string;
  /** What the worker said before its reply, each once, in order. */
  readonly stages?: string[];
}

/**
 * Jobs sent to the on-device voice's worker as espeak-client.ts sends them (its message protocol),
 * one at a time, in one worker: what the page's voice does across calls in several languages.
 */
async function speakInOneWorker(jobs: { voice: string; text: string }[]): Promise<Spoken[]> {
  return (await page.evaluate(`(async () => {
    const worker = new Worker(${JSON.stringify(workerUrl)}, { type: 'module' });
    const spoken = [];
    for (const [index, job] of ${JSON.stringify(jobs)}.entries()) {
      const stages = [];
      const reply = await new Promise((resolve) => {
        // Before its reply the worker says when voice data downloads and when it speaks.
        worker.onmessage = (event) => ('stage' in event.data ? stages.push(event.data.stage) : resolve(event.data));
        worker.postMessage({ id: index + 1, text: job.text, voice: job.voice, wordsPerMinute: 175 });
      });
      spoken.push(reply.ok ? { ok: true, seconds: reply.sampleCount / ${SAMPLE_RATE}, stages: [...new Set(stages)] } : { ok: false, message: reply.message });
    }
    worker.terminate();
    return spoken;
  })()`)) as Spoken[];
}

async function keptVoiceData(): Promise<string[]> {
  return (
    (await page.evaluate(`(async () =>
      (await (await caches.open('ringback-voice-data')).keys()).map((request) => new URL(request.url).pathname))()`)) as string[]
  ).sort();
}

beforeAll(async () => {
  const worker = (await readdir(`${CLIENT_DIST}/assets`)).find((name) => name.startsWith('espeak-worker-'));
  if (!worker)
    throw new Error('client/dist has no on-device voice worker: run npm run build -w @ringback/client');
  workerUrl = `/assets/${worker}`;
  relay = await startRelayProcess({ RINGBACK_APP_DIR: CLIENT_DIST });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/espeak-ng/')) requested.push(pathname);
  });
  await page.goto(relay.url);
});

afterAll(async () => {
  await browser?.close();
  await relay?.kill();
});

describe('the on-device voice, one language at a time', () => {
  it('speaks English with only the shared data and the English dictionary downloaded', async () => {
    const [english] = await speakInOneWorker([
      { voice: 'en-us', text: 'I fixed the login bug. All forty tests pass.' },
    ]);
    expect(english).toMatchObject({ ok: true });
    // About 3 s of speech: a voice reading an empty dictionary says nothing, or a word or two.
    expect(english?.seconds).toBeGreaterThan(1.5);
    expect(english?.seconds).toBeLessThan(10);
    const kept = await keptVoiceData();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatch(/\/en_dict-\w+\.bin$/);
    expect(kept[1]).toMatch(/\/shared-\w+\.bin$/);
  });

  it('adds a language the first time it is spoken, in the running voice, and keeps speaking the first', async () => {
    requested.length = 0;
    const spoken = await speakInOneWorker([
      { voice: 'en-us', text: 'The deploy is out.' },
      { voice: 'de', text: 'Ich habe den Fehler beim Anmelden behoben. Alle vierzig Tests laufen durch.' },
      { voice: 'en-us', text: 'Back to English: the release notes are written.' },
    ]);
    for (const reply of spoken) expect(reply).toMatchObject({ ok: true });
    // Only the job that downloaded said so; every job said when it started speaking.
    expect(spoken.map((reply) => reply.stages)).toEqual([
      ['speaking'],
      ['loading', 'speaking'],
      ['speaking'],
    ]);
    expect(spoken[1]?.seconds).toBeGreaterThan(2);
    expect(spoken[2]?.seconds).toBeGreaterThan(1.5);
    // English came from the device; only German was downloaded.
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(/\/de_dict-\w+\.bin$/);
    expect((await keptVoiceData()).filter((path) => /\/de_dict-/.test(path))).toHaveLength(1);
  });

  it('downloads the dictionary eSpeak NG reads another script in the text with before speaking it', async () => {
    requested.length = 0;
    const [french] = await speakInOneWorker([{ voice: 'fr', text: 'Le déploiement en Ελλάδα est terminé.' }]);
    expect(french).toMatchObject({ ok: true });
    expect(requested.map((path) => path.replace(/-\w+\.bin$/, '')).sort()).toEqual([
      '/assets/espeak-ng/el_dict',
      '/assets/espeak-ng/fr_dict',
    ]);
  });

  it('says so for a voice the data has no dictionary for, and downloads nothing', async () => {
    requested.length = 0;
    const [unknown] = await speakInOneWorker([{ voice: 'tlh', text: 'nuqneH' }]);
    expect(unknown).toEqual({ ok: false, message: 'unknown on-device voice tlh' });
    expect(requested).toEqual([]);
  });
});
