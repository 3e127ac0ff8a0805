import type { EndpointOpen, EndpointRequest } from '@ringback/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, newMonitoredContext, playedAudio } from './support/browser';
import type { DesktopAppServer } from './support/desktop-app-server';
import type { FakeShell } from './support/desktop-fake-shell';
import {
  type NoCorsServer,
  startNoCorsModel,
  startNoCorsVoice,
  startPlainPage,
} from './support/desktop-no-cors';
import { type DesktopWorld, startDesktopWorld } from './support/desktop-world';
import { back, openRow, sineWav } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

// The desktop app reaches the model and the voice platform the user configured through main
// (`endpoint:open` / `endpoint:read`, the real createEndpointProxy behind main's IPC checks), so
// servers that send no CORS headers at all, and refuse preflights, still answer and speak in a
// call; a plain web page on another origin cannot read the same model; and main refuses an
// address the user never configured.

const SPOKEN = 'I fixed the login bug, {form-of-address}. All tests pass. The build is green.';
const ANSWER = 'The slowest test took two seconds. Nothing else needs your attention.';
/** The brief's sentences: three spoken, the card's title and body, the conclusion. */
const BRIEF_SENTENCES = 6;
const ANSWER_SENTENCES = 2;
/** Every sentence the voice platform speaks is this clip: 0.4 s of a 330 Hz tone. */
const CLIP_SECONDS = 0.4;
const CLIP = sineWav(330, CLIP_SECONDS, 24_000);

let llm: FakeLlm;
let model: NoCorsServer;
let voice: NoCorsServer & { bodies: unknown[] };
let plain: { url: string; close(): Promise<void> };
let world: DesktopWorld;
let app: DesktopAppServer;
let browser: Browser;
let page: Page;
let shell: FakeShell;
let errors: string[];

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) => (request.body.stream ? { content: ANSWER } : { json: plainBrief(SPOKEN) }));
  [model, voice, plain] = await Promise.all([
    startNoCorsModel(llm.url),
    startNoCorsVoice(CLIP),
    startPlainPage(),
  ]);
  world = await startDesktopWorld({ briefModelUrl: model.url });
  ({ app, browser, page, shell, errors } = world);
});

afterAll(async () => {
  await world?.close();
  await plain?.close();
  await voice?.close();
  await model?.close();
  await llm?.close();
});

/** A streamed question to `base`, from the page itself: the answer's text, or fetch's error. */
async function askFromPage(target: Page, base: string): Promise<string> {
  return target.evaluate(async (url) => {
    try {
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-e2e-0000' },
        body: JSON.stringify({ model: 'fake-1', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      });
      return `read ${response.status}: ${await response.text()}`;
    } catch (error) {
      return `refused: ${(error as Error).name}: ${(error as Error).message}`;
    }
  }, base);
}

const clips = async (target: Page) =>
  (await playedAudio(target)).buffers.filter((buffer) => Math.abs(buffer.seconds - CLIP_SECONDS) < 0.02);

const exchangesTo = (base: string) =>
  shell.endpoints.filter((exchange) => exchange.request.url.startsWith(`${base}/`));

describe('the desktop app reaches endpoints that send no CORS headers, through main', () => {
  it('control: a plain web page cannot read the same model (its preflight is refused); it reads one that allows CORS', async () => {
    const web = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const tab = await web.newPage();
    await tab.goto(plain.url);
    const before = llm.requests.length;
    expect(await askFromPage(tab, model.url)).toBe('refused: TypeError: Failed to fetch');
    // Only the preflight reached the server, and it was refused: the question itself never left.
    expect(model.requests).toEqual([
      { method: 'OPTIONS', path: '/v1/chat/completions', origin: new URL(plain.url).origin },
    ]);
    expect(llm.requests.length).toBe(before);
    // The same request to the same fake model, served with CORS headers, is read: CORS is all
    // that stands between the page and the model above.
    expect(await askFromPage(tab, llm.url)).toMatch(/^read 200: data: .*"content":"The slowest "/s);
    model.requests.length = 0;
    await web.close();
  });

  it('speaks with a voice platform that refuses other origins: its preview and a whole brief come through main', async () => {
    await page.goto(app.url);
    await waitConnected(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();

    await openRow(page, /Language model/, 'Language model');
    await page.getByLabel('Base address').fill(model.url);
    await page.getByLabel('API key').fill('sk-e2e-0000');
    await page.getByLabel('Model').fill('fake-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Your computer uses this model for briefs too.').waitFor({ timeout: 15_000 });
    await back(page, 'Settings');

    await openRow(page, 'Voice', 'Voice');
    await page.getByRole('combobox', { name: 'Engine', exact: true }).selectOption({ label: 'OpenAI' });
    await page.getByRole('textbox', { name: 'Base address', exact: true }).fill(voice.url);
    await page.getByLabel('API key', { exact: true }).fill('sk-voice-0000');
    // Preview speaks before anything is saved: main is told of the platform first.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await waitFor(async () => (await clips(page)).length >= 1, 15_000, 'the preview spoken');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await saveScreenshots(page, 'desktop-endpoints-voice');
    await back(page, 'Settings');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitConnected(page);

    // Main's allow list is the model and the voice platform, as configured.
    await waitFor(
      () => {
        const allowed = shell.calls.filter((call) => call.channel === 'endpoint:allow').at(-1)?.args[0];
        return JSON.stringify(allowed) === JSON.stringify([model.url, voice.url].sort());
      },
      5_000,
      'the allow list',
    );

    await world.reportStop('Fixed the login bug. All tests pass.');
    const answer = page.getByRole('button', { name: 'Answer', exact: true });
    await answer.waitFor({ timeout: 30_000 });
    await answer.click();
    await waitFor(async () => (await clips(page)).length >= 1 + BRIEF_SENTENCES, 30_000, 'the brief spoken');
    for (const clip of await clips(page)) expect(clip.rms).toBeGreaterThan(0.1);

    // Every sentence went to the platform from main: no Origin, no preflight, each answer read whole.
    const spoken = voice.requests.filter((request) => request.method === 'POST');
    expect(spoken.length).toBeGreaterThanOrEqual(1 + BRIEF_SENTENCES);
    expect(voice.requests.every((request) => request.method === 'POST' && request.origin === undefined)).toBe(
      true,
    );
    const texts = voice.bodies.map((body) => (body as { input?: string } | null)?.input ?? '');
    expect(texts.some((text) => text.startsWith('I fixed the login bug'))).toBe(true);
    const throughMain = exchangesTo(voice.url).filter((exchange) => exchange.done);
    expect(throughMain.length).toBeGreaterThanOrEqual(1 + BRIEF_SENTENCES);
    for (const exchange of throughMain) {
      expect(exchange.head).toMatchObject({ ok: true, status: 200 });
      expect((exchange.head as { headers: Record<string, string> }).headers['content-type']).toBe(
        'audio/wav',
      );
      expect(exchange.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)).toBe(CLIP.length);
      expect(exchange.request).toMatchObject({ method: 'POST', url: `${voice.url}/audio/speech` });
      expect(exchange.request.headers.authorization).toBe('Bearer sk-voice-0000');
    }
    await saveScreenshots(page, 'desktop-endpoints-in-call');
  });

  it('answers a question in the call by streaming from a model that sends no CORS headers, through main', async () => {
    const asked = llm.requests.length;
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('How long did the slowest test take?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByText('The slowest test took two seconds.').first().waitFor({ timeout: 20_000 });
    await waitFor(
      async () => (await clips(page)).length >= 1 + BRIEF_SENTENCES + ANSWER_SENTENCES,
      20_000,
      'the answer spoken',
    );

    // The model saw the question once, from main (no Origin, no preflight), streamed.
    const question = llm.requests.slice(asked).find((request) => request.body.stream);
    expect(JSON.stringify(question?.body.messages)).toContain('How long did the slowest test take?');
    expect(JSON.stringify(question?.body.messages)).toContain('Fixed the login bug. All tests pass.');
    expect(model.requests.filter((request) => request.method === 'OPTIONS')).toEqual([]);
    expect(model.requests.filter((request) => request.origin !== undefined)).toEqual([]);
    // The page opened it through main and read it chunk by chunk as it streamed.
    const streamed = exchangesTo(model.url).filter((exchange) =>
      String(exchange.request.body ?? '').includes('"stream":true'),
    );
    expect(streamed).toHaveLength(1);
    const [exchange] = streamed;
    expect(exchange?.request).toMatchObject({ method: 'POST', url: `${model.url}/chat/completions` });
    expect(exchange?.head).toMatchObject({ ok: true, status: 200 });
    const head = exchange?.head as { headers: Record<string, string> };
    expect(head.headers['content-type']).toBe('text/event-stream');
    expect(Object.keys(head.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(exchange?.done).toBe(true);
    expect(exchange?.chunks.length).toBeGreaterThan(3);
    // One endpoint:read per chunk, and one more that found the end.
    expect(exchange?.reads).toBe((exchange?.chunks.length ?? 0) + 1);
    const text = new TextDecoder().decode(Buffer.concat(exchange?.chunks ?? []));
    const pieces = [...text.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join('');
    expect(pieces).toBe(ANSWER);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    // The answer spoken to its end, the field ready for the next question.
    await page.getByPlaceholder('Type a question, or "continue"').waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'desktop-endpoints-answer');
  });

  it('main refuses an address that is not configured (not_configured), whoever asks', async () => {
    const open = (request: EndpointRequest) =>
      page.evaluate(
        (asked) =>
          (
            globalThis as unknown as {
              ringback: { endpoint: { open(request: unknown): Promise<unknown> } };
            }
          ).ringback.endpoint.open(asked) as Promise<EndpointOpen>,
        request,
      );
    const before = llm.requests.length;
    const seenByModel = model.requests.length;
    const question = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-1', messages: [{ role: 'user', content: 'Hi' }] }),
    };
    // A real model, reachable, but never configured.
    expect(await open({ url: `${llm.url}/chat/completions`, ...question })).toMatchObject({
      ok: false,
      reason: 'not_configured',
    });
    // The configured model's host, outside its base path.
    expect(await open({ url: `${model.origin}/admin`, ...question })).toMatchObject({
      ok: false,
      reason: 'not_configured',
    });
    expect(await open({ url: `${voice.url}/../admin`, ...question })).toMatchObject({
      ok: false,
      reason: 'not_configured',
    });
    // Main answered each with its refusal and made no request.
    expect(shell.endpoints.slice(-3).map((exchange) => exchange.head)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ ok: false, reason: 'not_configured' })),
    );
    expect(llm.requests.length).toBe(before);
    expect(model.requests.length).toBe(seenByModel);
    expect(voice.requests.filter((request) => request.path.includes('admin'))).toEqual([]);

    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByRole('button', { name: "Don't reply" }).click();
    expect(errors).toEqual([]);
  });
});
