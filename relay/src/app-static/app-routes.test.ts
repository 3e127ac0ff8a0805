import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';
import { appContentSecurityPolicy, workerContentSecurityPolicy } from './page-headers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function relay(appDir: string | null) {
  const app = await buildRelay({
    store: await openSqliteRelayStore(':memory:'),
    hub: new StreamHub(),
    links: new DaemonLinks(),
    logger: createSilentRelayLogger(),
    signup: { open: true, claimCode: () => null },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: Date.now,
    heartbeatMs: 1000,
    appDir,
  });
  apps.push(app);
  return app;
}

const INDEX =
  '<!doctype html><html><head><title>Ringback</title><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>';
const SCRIPT = `export const x = ${JSON.stringify('a'.repeat(5000))};`;
const SERVICE_WORKER = '(function(){self.addEventListener("push",()=>{})})();';
const MANIFEST = JSON.stringify({ name: 'Ringback', start_url: '/', display: 'standalone' });

async function builtApp(): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), 'ringback-app-')), 'dist');
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dir, 'assets', 'espeak-ng-abc123.data'), Buffer.alloc(4096, 7));
  await writeFile(join(dir, 'sw.js'), SERVICE_WORKER);
  await writeFile(join(dir, 'manifest.webmanifest'), MANIFEST);
  await writeFile(join(dir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(dir, '.secret'), 'no');
  return dir;
}

/** The page's policy with its style nonce, and the nonce the page tells its scripts. */
function styleNonceOf(page: { body: string; headers: Record<string, unknown> }): string {
  const inPolicy = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(
    String(page.headers['content-security-policy']),
  )?.[1];
  const inPage = /<meta name="ringback-style-nonce" content="([A-Za-z0-9+/=]+)">/.exec(page.body)?.[1];
  expect(inPolicy).toBeDefined();
  expect(inPage).toBe(inPolicy);
  return inPolicy as string;
}

function expectPageHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(
    appContentSecurityPolicy(/'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? ''),
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-cache');
}

describe('the built app at /', () => {
  it('serves index.html with the strict policy, revalidated on every load', async () => {
    const app = await relay(await builtApp());
    for (const url of ['/', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body.replace(/<meta name="ringback-style-nonce"[^>]*>/, '')).toBe(INDEX);
      expectPageHeaders(page.headers);
    }
  });

  it('gives each load its own style nonce, in the policy and in the page (for the dialog scroll lock)', async () => {
    const app = await relay(await builtApp());
    const nonces = new Set<string>();
    for (let load = 0; load < 5; load++) {
      const page = await app.inject({ method: 'GET', url: '/' });
      const nonce = styleNonceOf(page);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  it('has no unsafe source, eval or third-party origin in its policy', () => {
    const policy = appContentSecurityPolicy('bm9uY2Vub25jZW5vbmNlMQ==');
    expect(policy).not.toMatch(/unsafe|\*|\/\/[a-z]/);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self' 'nonce-bm9uY2Vub25jZW5vbmNlMQ==';");
    expect(policy).toContain("frame-ancestors 'none'");
    // The installable app: its manifest, its service worker (and qr-scanner's blob: worker).
    expect(policy).toContain("manifest-src 'self';");
    expect(policy).toContain("worker-src 'self' blob:;");
  });

  it('caches hashed assets for a year, immutable, and compresses them', async () => {
    const app = await relay(await builtApp());
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.body).toBe(SCRIPT);

    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('serves the voice data as application/octet-stream, whole or by range', async () => {
    const app = await relay(await builtApp());
    const data = await app.inject({ method: 'GET', url: '/assets/espeak-ng-abc123.data' });
    expect(data.headers['content-type']).toBe('application/octet-stream');
    expect(data.rawPayload.length).toBe(4096);
    const range = await app.inject({
      method: 'GET',
      url: '/assets/espeak-ng-abc123.data',
      headers: { range: 'bytes=0-99', 'accept-encoding': 'gzip' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.length).toBe(100);
  });

  it('serves other files of the build, revalidated', async () => {
    const app = await relay(await builtApp());
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker for the whole origin, revalidated on every check, under its own policy', async () => {
    const app = await relay(await builtApp());
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toBe(SERVICE_WORKER);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
    // It fetches calls from the relay (which may be another origin than the page) and nothing else.
    expect(worker.headers['content-security-policy']).toBe(workerContentSecurityPolicy());
    expect(workerContentSecurityPolicy()).toMatch(/^default-src 'none'; /);
    expect(workerContentSecurityPolicy()).not.toMatch(/unsafe/);
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const app = await relay(await builtApp());
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['service-worker-allowed']).toBeUndefined();
    expect(manifest.json()).toEqual(JSON.parse(MANIFEST));
    const icon = await app.inject({ method: 'GET', url: '/icon-192.png' });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('answers 404 for unknown paths, never the app', async () => {
    const app = await relay(await builtApp());
    for (const url of [
      '/calls',
      '/settings/voice',
      '/assets/missing.js',
      '/assets',
      '/.secret',
      '/v1/nothing-here',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toContain('<title>Ringback</title>');
    }
  });

  it('never serves a file outside the app dir', async () => {
    const appDir = await builtApp();
    await writeFile(join(appDir, '..', 'outside.txt'), 'secret');
    const app = await relay(appDir);
    for (const url of [
      '/assets/..%2F..%2Foutside.txt',
      '/..%2Foutside.txt',
      '/assets/%2e%2e/%2e%2e/outside.txt',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('secret');
    }
  });

  it('leaves the API as it was: JSON under /v1/, device routes still need a token', async () => {
    const app = await relay(await builtApp());
    const devices = await app.inject({ method: 'GET', url: '/v1/devices' });
    expect([devices.statusCode, devices.json().error]).toEqual([401, 'unauthorized']);
    const created = await app.inject({
      method: 'POST',
      url: '/v1/accounts',
      payload: { kind: 'daemon', name: 'Laptop' },
    });
    expect(created.statusCode).toBe(201);
  });
});

describe('without a built app', () => {
  for (const [name, dir] of [
    ['no app dir', null],
    ['an empty app dir', 'empty'],
  ] as const) {
    it(`answers / with how to build it (${name})`, async () => {
      const appDir = dir === null ? null : await mkdtemp(join(tmpdir(), 'ringback-noapp-'));
      const app = await relay(appDir);
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('npm run build');
      expectPageHeaders(page.headers);
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(404);
    });
  }

  it('serves the app once it is built, without a restart', async () => {
    const appDir = await mkdtemp(join(tmpdir(), 'ringback-later-'));
    const app = await relay(appDir);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('npm run build');
    await writeFile(join(appDir, 'index.html'), INDEX);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Ringback</title>');
  });
});
