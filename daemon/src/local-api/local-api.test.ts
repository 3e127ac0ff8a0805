import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentReport } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ComputerLanguage } from '../config/computer-language';
import { ConfigStore } from '../config/config-store';
import { createMemoryLogger } from '../log/logger';
import { briefLanguageRoutes } from '../routes/brief-language';
import { e2eKeyRoutes } from '../routes/e2e-key';
import { llmRoutes } from '../routes/llm';
import { reportRoutes } from '../routes/report';
import { buildLocalApi } from './build-local-api';

const KEY = 'k'.repeat(43);
const auth = { authorization: `Bearer ${KEY}`, host: '127.0.0.1:8790' };
let app: FastifyInstance;

async function build(initial: object = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-api-'));
  const { store } = await ConfigStore.open(dataDir, createMemoryLogger());
  if (Object.keys(initial).length) await store.update(() => ({ ...initial }));
  const accepted: AgentReport[] = [];
  app = await buildLocalApi({
    localApiKey: KEY,
    logger: createMemoryLogger(),
    routes: [
      reportRoutes({ accept: async (report) => void accepted.push(report) }),
      llmRoutes(store),
      briefLanguageRoutes(store, new ComputerLanguage({ platform: 'linux', env: { LANG: 'de_DE.UTF-8' } })),
      e2eKeyRoutes(store),
    ],
  });
  return { store, accepted, configFile: join(dataDir, 'daemon.json') };
}

afterEach(async () => {
  await app?.close();
});

describe('guards', () => {
  it('refuses a non-loopback Host on every endpoint, even with the key', async () => {
    await build();
    for (const [method, url] of [
      ['GET', '/llm/settings'],
      ['POST', '/report'],
      ['GET', '/e2e/key'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { ...auth, host: 'evil.example:8790' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden_host' });
    }
  });

  it('requires the local API key as a bearer token', async () => {
    await build();
    const missing = await app.inject({
      method: 'GET',
      url: '/llm/settings',
      headers: { host: '127.0.0.1:8790' },
    });
    const wrong = await app.inject({
      method: 'GET',
      url: '/llm/settings',
      headers: { ...auth, authorization: 'Bearer nope' },
    });
    expect([missing.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('answers unknown routes with not_found', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/nope', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('GET/PUT/DELETE /llm/settings', () => {
  const put = (payload: object) =>
    app.inject({ method: 'PUT', url: '/llm/settings', headers: auth, payload });

  it('is null until configured, then shows the channel with a key hint only', async () => {
    const { configFile } = await build();
    expect((await app.inject({ method: 'GET', url: '/llm/settings', headers: auth })).json()).toEqual({
      channel: null,
    });
    const res = await put({
      baseUrl: 'https://llm.example/v1',
      apiKey: 'sk-secret-abcd1234',
      model: 'gpt-x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      channel: {
        baseUrl: 'https://llm.example/v1',
        model: 'gpt-x',
        keyHint: '****…1234',
        structuredOutput: 'json_schema',
      },
    });
    expect(res.body).not.toContain('sk-secret');
    const saved = JSON.parse(await readFile(configFile, 'utf8'));
    expect(saved.llm.primary.apiKey).toBe('sk-secret-abcd1234');
  });

  it('keeps the saved key when none is sent, and asks for one when none is saved', async () => {
    await build();
    expect((await put({ baseUrl: 'https://a.example/v1', model: 'm' })).json()).toMatchObject({
      error: 'llm_key_required',
    });
    await put({ baseUrl: 'https://a.example/v1', apiKey: 'sk-1111', model: 'm' });
    const res = await put({ baseUrl: 'https://b.example/v1', model: 'n', structuredOutput: 'json_object' });
    expect(res.json().channel).toMatchObject({
      baseUrl: 'https://b.example/v1',
      keyHint: '****…1111',
      structuredOutput: 'json_object',
    });
  });

  it('keeps hand-added timeoutMs and reasoningEffort only while address and model stay, and drops llm.fallback', async () => {
    const { store } = await build({
      llm: {
        primary: {
          baseUrl: 'https://a.example/v1',
          apiKey: 'sk-1',
          model: 'm',
          timeoutMs: 90000,
          reasoningEffort: 'low',
        },
        fallback: { baseUrl: 'https://old.example', apiKey: 'x', model: 'y' },
      },
    });
    await put({ baseUrl: 'https://a.example/v1', model: 'm' });
    expect(store.read().llm).toEqual({
      primary: {
        baseUrl: 'https://a.example/v1',
        apiKey: 'sk-1',
        model: 'm',
        structuredOutput: 'json_schema',
        timeoutMs: 90000,
        reasoningEffort: 'low',
      },
    });
    await put({ baseUrl: 'https://a.example/v1', model: 'other' });
    expect(store.read().llm?.primary).toEqual({
      baseUrl: 'https://a.example/v1',
      apiKey: 'sk-1',
      model: 'other',
      structuredOutput: 'json_schema',
    });
  });

  it('rejects malformed settings with invalid_llm_settings', async () => {
    await build();
    for (const body of [
      { model: 'm' },
      { baseUrl: 'ftp://x', model: 'm', apiKey: 'k' },
      { baseUrl: 'https://x', model: 'm', structuredOutput: 'yaml' },
    ]) {
      const res = await put(body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'invalid_llm_settings' });
    }
  });

  it('deletes the channel', async () => {
    const { store } = await build({ llm: { primary: { baseUrl: 'https://a', apiKey: 'k', model: 'm' } } });
    const res = await app.inject({ method: 'DELETE', url: '/llm/settings', headers: auth });
    expect(res.json()).toEqual({ channel: null });
    expect(store.read().llm).toBeUndefined();
  });
});

describe('GET/PUT /brief/language', () => {
  it('follows the system until an app sets a language', async () => {
    await build();
    expect((await app.inject({ method: 'GET', url: '/brief/language', headers: auth })).json()).toEqual({
      language: 'de-DE',
      source: 'system',
    });
    const res = await app.inject({
      method: 'PUT',
      url: '/brief/language',
      headers: auth,
      payload: { language: 'es-MX' },
    });
    expect(res.json()).toEqual({ language: 'es-MX', source: 'app' });
    expect((await app.inject({ method: 'GET', url: '/brief/language', headers: auth })).json()).toEqual({
      language: 'es-MX',
      source: 'app',
    });
  });

  it('rejects a language outside the 90 locales', async () => {
    await build();
    for (const language of ['xx-YY', 'es-AR', '']) {
      const res = await app.inject({
        method: 'PUT',
        url: '/brief/language',
        headers: auth,
        payload: { language },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'invalid_language' });
    }
  });
});

describe('GET/PUT /e2e/key', () => {
  const put = (payload: object) => app.inject({ method: 'PUT', url: '/e2e/key', headers: auth, payload });
  const get = () => app.inject({ method: 'GET', url: '/e2e/key', headers: auth });

  it('sets a random key, a k1_ key, or one derived from a passphrase', async () => {
    await build();
    const random = await put({ random: true });
    expect(random.statusCode).toBe(200);
    expect(random.json()).toMatchObject({ source: 'random' });
    await expect(get().then((r) => r.json().keyId)).resolves.toBe(random.json().keyId);

    const k1 = `k1_${Buffer.alloc(32, 7).toString('base64url')}`;
    expect((await put({ key: k1 })).json()).toMatchObject({ source: 'key' });
    expect((await get()).json()).toMatchObject({ key: k1, source: 'key' });

    const fromPhrase = await put({ passphrase: 'correct horse battery' });
    expect(fromPhrase.json()).toMatchObject({ source: 'passphrase' });
    const stored = (await get()).json();
    expect(stored.key).toMatch(/^k1_/);
    expect(JSON.stringify(stored)).not.toContain('correct horse');
  }, 30_000);

  it('rejects short passphrases, invalid keys and anything but exactly one choice', async () => {
    await build();
    expect((await put({ passphrase: 'short' })).json()).toMatchObject({ error: 'passphrase_too_short' });
    expect((await put({ key: 'k1_abc' })).json()).toMatchObject({ error: 'invalid_key' });
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ random: true, key: 'k1_x' })).statusCode).toBe(400);
  });
});

// POST /report: see ../routes/report.test.ts.
