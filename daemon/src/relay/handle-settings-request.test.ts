import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Aad,
  type AgentReport,
  generateE2eKey,
  keyIdOf,
  open,
  type SettingsRequestPlaintext,
  type SettingsResultPlaintext,
  seal,
} from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ComputerLanguage } from '../config/computer-language';
import { ConfigStore } from '../config/config-store';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { briefLanguageRoutes } from '../routes/brief-language';
import { e2eKeyRoutes } from '../routes/e2e-key';
import { llmRoutes } from '../routes/llm';
import { localRelayRoutes } from '../routes/local-relay';
import { reportRoutes } from '../routes/report';
import { handleSettingsRequest } from './handle-settings-request';
import { RelayedRequestGuard } from './relayed-request-guard';

const LOCAL_KEY = 'k'.repeat(43);
const MINUTE = 60_000;
/** This computer's device id on the relay; requests name it in their AAD. */
const OWN_DEVICE = 'dev-laptop';

let dataDir: string;
let app: FastifyInstance;
let config: ConfigStore;
let guard: RelayedRequestGuard;
let key: string;
let reports: AgentReport[];
let logins: number;
let counter = 0;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-relayed-'));
  ({ store: config } = await ConfigStore.open(dataDir, createMemoryLogger()));
  key = generateE2eKey();
  await config.update((current) => ({
    ...current,
    e2e: { key, source: 'random', updatedAt: '2025-01-01T00:00:00.000Z' },
  }));
  reports = [];
  logins = 0;
  app = await buildLocalApi({
    localApiKey: LOCAL_KEY,
    logger: createMemoryLogger(),
    routes: [
      reportRoutes({ accept: async (report) => void reports.push(report) }),
      llmRoutes(config),
      briefLanguageRoutes(config, new ComputerLanguage({ platform: 'linux', env: { LANG: 'en_US.UTF-8' } })),
      e2eKeyRoutes(config),
      localRelayRoutes({ dataDir, config, onLogin: () => logins++ }),
    ],
  });
  guard = await RelayedRequestGuard.open(dataDir, createMemoryLogger());
});

afterEach(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Seals a request as the phone does, runs it as the relay link does, opens the answer. */
async function relayed(
  request: Omit<SettingsRequestPlaintext, 'issuedAt'> & { issuedAt?: number },
  requestId = `req-${++counter}`,
): Promise<SettingsResultPlaintext> {
  const plaintext = { issuedAt: Date.now(), ...request };
  const sealed = await seal(key, JSON.stringify(plaintext), Aad.settingsRequest(OWN_DEVICE, requestId));
  const answer = await handleSettingsRequest(
    { requestId, sealed },
    {
      key: () => config.read().e2e?.key ?? null,
      deviceId: async () => OWN_DEVICE,
      execute: (method, path, body) => app.runRelayed(method, path, body),
      replays: guard,
    },
  );
  if (!answer.sealed) throw new Error(`no sealed answer: ${answer.error}`);
  return JSON.parse(await open(key, answer.sealed, Aad.settingsResult(requestId)));
}

/** Every spelling of a path we could think of, for a route that must stay local. */
function spellingsOf(segments: string[]): string[] {
  const [first = '', ...rest] = segments;
  const tail = rest.join('/');
  const path = `/${segments.join('/')}`;
  const encoded = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  const spellings = [
    path,
    `/.${path}`,
    `/./${segments.join('/./')}`,
    `/llm/..${path}`,
    `/llm/settings/../..${path}`,
    `/llm/%2e%2e${path}`,
    `/llm/%2E%2E${path}`,
    `/%2e${path}`,
    `/%2e%2e${path}`,
    `/${encoded(first)}${tail ? `/${tail}` : ''}`,
    `/${encoded(segments.join('/'))}`,
    `/${segments.join('%2F')}`,
    `/${segments.join('%2f')}`,
    `/${segments.join('%5C')}`,
    `/${first.toUpperCase()}${tail ? `/${tail}` : ''}`,
    path.toUpperCase(),
    `/${first[0]?.toUpperCase()}${path.slice(2)}`,
    `/${path}`,
    `//${segments.join('//')}`,
    `///${segments.join('/')}`,
    `${path}/`,
    `${path}//`,
    `${path}/.`,
    `${path}?x=1`,
    `${path}?`,
    `${path}#fragment`,
    `${path};x=1`,
    `/${first};x${tail ? `/${tail}` : ''}`,
    `${path}%00`,
    `${path}%20`,
    `${path}%09`,
    `\\${segments.join('\\')}`,
    `/${segments.join('\\')}`,
    `\\\\${segments.join('\\')}`,
    segments.join('/'),
    `http://127.0.0.1${path}`,
    `http://evil.example${path}`,
    `//127.0.0.1${path}`,
    `/llm/settings/..%2F..%2F${segments.join('%2F')}`,
  ];
  return [...new Set(spellings)];
}

const E2E_KEY = spellingsOf(['e2e', 'key']);
const LOCAL = [...spellingsOf(['local', 'pairing']), ...spellingsOf(['local', 'login'])];
const REPORT = spellingsOf(['report']);

describe('relayed requests are judged by the route that would run', () => {
  it('refuses every spelling of /e2e/* with 403 not_relayed but a derived key, and the key stays the same', async () => {
    expect(E2E_KEY.length).toBeGreaterThan(30);
    for (const path of E2E_KEY) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { random: true }],
        ['PUT', { passphrase: 'correct horse battery staple' }],
        ['PUT', {}],
        ['POST', { key: generateE2eKey() }],
      ] as const) {
        const result = await relayed({ method, path, body });
        expect(result, `${method} ${path}`).toEqual({
          status: 403,
          body: { error: 'not_relayed', message: expect.any(String) },
        });
        // Nothing about the key leaks in the refusal.
        expect(JSON.stringify(result)).not.toContain(key);
      }
    }
    expect(config.read().e2e?.key).toBe(key);
  }, 60_000);

  it('refuses every spelling of /local/* and /report, before any handler or body validation', async () => {
    const login = { server: 'http://127.0.0.1:9', join: 'x' };
    const report = { session_id: 's', cwd: '/w', last_assistant_message: 'Ring the phone.' };
    for (const path of [...LOCAL, ...REPORT]) {
      const body = path.toLowerCase().includes('login') ? login : report;
      for (const [method, payload] of [
        ['POST', body],
        ['POST', 'not an object'],
      ] as const) {
        const result = await relayed({ method, path, body: payload });
        expect(result, `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'not_relayed' } });
      }
    }
    expect(reports).toEqual([]);
    expect(logins).toBe(0);
    expect(config.read().server).toBeUndefined();
  }, 60_000);

  it('replaces the key with one derived on the phone, answering sealed with the key that opened the request', async () => {
    const oldKey = key;
    const derived = generateE2eKey();
    const result = await relayed({ method: 'PUT', path: '/e2e/key', body: { key: derived } });
    expect(result).toMatchObject({ status: 200, body: { keyId: await keyIdOf(derived), source: 'key' } });
    expect(JSON.stringify(result)).not.toContain(derived);
    expect(config.read().e2e?.key).toBe(derived);

    // The old key opens nothing any more; the new one does.
    const requestId = `req-${++counter}`;
    const stale = await seal(
      oldKey,
      JSON.stringify({ method: 'GET', path: '/status', issuedAt: Date.now() }),
      Aad.settingsRequest(OWN_DEVICE, requestId),
    );
    const refused = await handleSettingsRequest(
      { requestId, sealed: stale },
      {
        key: () => config.read().e2e?.key ?? null,
        deviceId: async () => OWN_DEVICE,
        execute: (m, p, b) => app.runRelayed(m, p, b),
        replays: guard,
      },
    );
    expect(refused).toEqual({ type: 'settings-result', requestId, error: 'undecryptable_request' });
    key = derived;
    expect(await relayed({ method: 'GET', path: '/llm/settings' })).toMatchObject({ status: 200 });

    // A malformed key is refused and changes nothing.
    expect(await relayed({ method: 'PUT', path: '/e2e/key', body: { key: 'k1_short' } })).toMatchObject({
      status: 422,
      body: { error: 'invalid_key' },
    });
    expect(config.read().e2e?.key).toBe(derived);
  });

  it('gives a path that matches no route the same answer, so it reveals nothing', async () => {
    for (const path of ['/nope', '/e2e', '/e2e/', '/e2e/nope', '/llm', '/llm/settings/x']) {
      expect(await relayed({ method: 'GET', path }), path).toMatchObject({
        status: 403,
        body: { error: 'not_relayed' },
      });
    }
  });

  // /status is relayable too: see test/src/relayed-hostile.test.ts, which waits for the link with it.
  it('runs the routes declared relayable: /llm/settings and /brief/language', async () => {
    expect(await relayed({ method: 'GET', path: '/llm/settings' })).toEqual({
      status: 200,
      body: { channel: null },
    });
    const saved = await relayed({
      method: 'PUT',
      path: '/llm/settings?from=phone',
      body: { baseUrl: 'https://llm.example/v1', apiKey: 'sk-phone-1234', model: 'm' },
    });
    expect(saved).toMatchObject({ status: 200, body: { channel: { model: 'm', keyHint: '****…1234' } } });
    expect(await relayed({ method: 'DELETE', path: '/llm/settings' })).toEqual({
      status: 200,
      body: { channel: null },
    });
    expect(await relayed({ method: 'PUT', path: '/brief/language', body: { language: 'es-MX' } })).toEqual({
      status: 200,
      body: { language: 'es-MX', source: 'app' },
    });
    expect(await relayed({ method: 'PUT', path: '/brief/language', body: { language: 'xx' } })).toMatchObject(
      {
        status: 422,
        body: { error: 'invalid_language' },
      },
    );
    expect(await relayed({ method: 'GET', path: '/brief/language' })).toEqual({
      status: 200,
      body: { language: 'es-MX', source: 'app' },
    });
    // Any JSON value as a body gets the route's own answer, never a daemon failure.
    for (const body of [null, 5, 'text', ['es-MX'], true]) {
      expect(
        await relayed({ method: 'PUT', path: '/brief/language', body }),
        JSON.stringify(body),
      ).toMatchObject({
        status: 422,
        body: { error: 'invalid_language' },
      });
    }
  });

  it('treats a request from this computer as local, whatever headers it sends', async () => {
    const headers = {
      host: '127.0.0.1:8790',
      authorization: `Bearer ${LOCAL_KEY}`,
      'x-ringback-relayed': 'guess',
      'x-relayed': '1',
    };
    const injected = await app.inject({ method: 'GET', url: '/e2e/key', headers });
    expect([injected.statusCode, injected.json().key]).toEqual([200, key]);

    // And over a real socket.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/e2e/key`, { headers });
    expect([response.status, ((await response.json()) as { key: string }).key]).toEqual([200, key]);
  });
});

describe('a replayed sealed request is refused', () => {
  it('refuses a request id it has already run, without running it again', async () => {
    const first = await relayed(
      { method: 'PUT', path: '/brief/language', body: { language: 'de-DE' } },
      'once',
    );
    expect(first.status).toBe(200);
    await config.update((current) => ({ ...current, brief: { language: 'fr-FR' } }));
    const again = await relayed(
      { method: 'PUT', path: '/brief/language', body: { language: 'de-DE' } },
      'once',
    );
    expect(again).toEqual({ status: 409, body: { error: 'replayed_request', message: expect.any(String) } });
    expect(config.read().brief?.language).toBe('fr-FR');
  });

  it('refuses a request sealed more than 5 minutes ago, or more than 5 minutes ahead', async () => {
    const put = (issuedAt: number) =>
      relayed({ method: 'PUT', path: '/brief/language', body: { language: 'de-DE' }, issuedAt });
    const stale = await put(Date.now() - 6 * MINUTE);
    expect(stale).toEqual({ status: 409, body: { error: 'replayed_request', message: expect.any(String) } });
    expect(stale.body).toMatchObject({ message: expect.stringMatching(/clock/) });
    expect((await put(Date.now() + 6 * MINUTE)).status).toBe(409);
    expect(config.read().brief?.language).toBeUndefined();
    expect((await put(Date.now() - 4 * MINUTE)).status).toBe(200);
  });

  it('does not open a request sealed for another computer of the account, and runs nothing', async () => {
    const requestId = `req-${++counter}`;
    const forDesktop = await seal(
      key,
      JSON.stringify({
        method: 'PUT',
        path: '/brief/language',
        body: { language: 'de-DE' },
        issuedAt: Date.now(),
      }),
      Aad.settingsRequest('dev-desktop', requestId),
    );
    const replayedHere = await handleSettingsRequest(
      { requestId, sealed: forDesktop },
      {
        key: () => key,
        deviceId: async () => OWN_DEVICE,
        execute: (m, p, b) => app.runRelayed(m, p, b),
        replays: guard,
      },
    );
    expect(replayedHere).toEqual({ type: 'settings-result', requestId, error: 'undecryptable_request' });
    expect(config.read().brief?.language).toBeUndefined();
  });

  it('refuses a request without a sealed issuedAt', async () => {
    const requestId = 'no-time';
    const sealed = await seal(
      key,
      JSON.stringify({ method: 'GET', path: '/brief/language' }),
      Aad.settingsRequest(OWN_DEVICE, requestId),
    );
    const answer = await handleSettingsRequest(
      { requestId, sealed },
      {
        key: () => key,
        deviceId: async () => OWN_DEVICE,
        execute: (m, p, b) => app.runRelayed(m, p, b),
        replays: guard,
      },
    );
    const result = JSON.parse(await open(key, answer.sealed ?? '', Aad.settingsResult(requestId)));
    expect(result).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(result.body.message).toContain('issuedAt');
  });

  it('still refuses a replay after a restart', async () => {
    expect((await relayed({ method: 'GET', path: '/llm/settings' }, 'before-restart')).status).toBe(200);
    guard = await RelayedRequestGuard.open(dataDir, createMemoryLogger());
    expect(await relayed({ method: 'GET', path: '/llm/settings' }, 'before-restart')).toMatchObject({
      status: 409,
      body: { error: 'replayed_request' },
    });
  });
});
