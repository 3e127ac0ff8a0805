import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  plainBrief,
  startFakeLlm,
  startRingbackUp,
} from '@ringback/test';
import type { Page } from 'playwright-core';

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

import { startSlowTts } from './fake-tts';

const SIZES = [5, 20, 60];
const SLOW_TTS_MS = 300;
let run = 0;

/** A brief whose call plays exactly `sentences` sentences (card title, card body and conclusion are three). */
export function briefOf(sentences: number): Record<string, unknown> {
  run += 1;
  const spoken = Array.from(
    { length: sentences - 3 },
    (_, i) => `Run ${run}, sentence ${i + 1}: the change to module ${i + 1} is finished and its tests pass.`,
  ).join(' ');
  return plainBrief(spoken);
}

/** Milliseconds from the daemon's 202 to the page showing the incoming call. */
export async function timeToRing(page: Page, daemonUrl: string): Promise<number> {
  const project = await mkdtemp(join(tmpdir(), 'ringback-bench-'));
  const response = await fetch(`${daemonUrl}/report?agent=claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: `bench-${run}`, cwd: project, last_assistant_message: 'Done.' }),
  });
  const accepted = performance.now();
  if (response.status !== 202) throw new Error(`report answered ${response.status}`);
  const answer = page.getByRole('button', { name: 'Answer', exact: true });
  await answer.waitFor({ timeout: 120_000 });
  const rang = performance.now() - accepted;
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await answer.waitFor({ state: 'detached' });
  return rang;
}

/**
 * Report → ring: the daemon briefs with an instant fake model, the relay delivers, the page
 * synthesises every sentence and rings. Once with the on-device voice, once with a voice that
 * takes 300 ms a sentence (three requests at a time: what bounded parallel synthesis buys).
 */
export async function benchRingLatency(): Promise<void> {
  const llm = await startFakeLlm();
  let next = briefOf(5);
  llm.setDefault(() => ({ json: next }));
  const up = await startRingbackUp({ llmUrl: llm.url });
  const browser = await launchChromium();
  const tts = await startSlowTts(SLOW_TTS_MS);
  try {
    const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const page = await context.newPage();
    await page.goto(up.appUrl);
    await page.getByText('Connected: calls ring here').waitFor({ timeout: 30_000 });
    // One call first: the voice's one-time load is not what a ring costs.
    next = briefOf(5);
    await timeToRing(page, up.daemonUrl);

    console.log('\nReport → ring (daemon 202 → the page rings; instant fake model):');
    for (const sentences of SIZES) {
      next = briefOf(sentences);
      console.log(
        `  on-device voice, ${String(sentences).padStart(2)} sentences: ${(await timeToRing(page, up.daemonUrl)).toFixed(0)} ms`,
      );
    }

    await page.evaluate((baseUrl) => {
      const { localStorage } = globalThis as unknown as { localStorage: Storage };
      const settings = JSON.parse(localStorage.getItem('ringback.settings') ?? '{}');
      settings.voice = {
        ...settings.voice,
        engineId: 'openai',
        configs: {
          ...settings.voice?.configs,
          openai: { values: { baseUrl, apiKey: 'sk-bench' }, model: 'tts-1', voice: 'marin' },
        },
      };
      localStorage.setItem('ringback.settings', JSON.stringify(settings));
    }, tts.baseUrl);
    await page.reload();
    await page.getByText('Connected: calls ring here').waitFor({ timeout: 30_000 });
    for (const sentences of SIZES) {
      next = briefOf(sentences);
      const ms = await timeToRing(page, up.daemonUrl);
      console.log(
        `  ${SLOW_TTS_MS} ms/sentence voice, ${String(sentences).padStart(2)} sentences: ${ms.toFixed(0)} ms ` +
          `(one at a time would take ≥ ${sentences * SLOW_TTS_MS} ms; at most ${tts.maxInFlight()} requests at once)`,
      );
    }
  } finally {
    await browser.close();
    await up.stop();
    await tts.close();
    await llm.close();
  }
}
