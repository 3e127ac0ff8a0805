import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppFileHandler } from './app-files';

let root: string;
let appDir: string;
const INDEX = '<!doctype html><html><head><title>Ringback</title></head><body></body></html>';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ringback-app-files-'));
  appDir = join(root, 'dist');
  await mkdir(join(appDir, 'assets'), { recursive: true });
  await writeFile(join(appDir, 'index.html'), INDEX);
  await writeFile(join(appDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(appDir, 'assets', 'espeak.data'), Buffer.from([1, 2, 3]));
  await writeFile(join(appDir, '.secret'), 'no');
  await writeFile(join(root, 'outside.txt'), 'outside');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  createAppFileHandler(appDir)(new Request(`http://127.0.0.1${path}`, { headers }));
const getRaw = (url: string) => createAppFileHandler(appDir)(new Request(url));

describe('createAppFileHandler', () => {
  it('serves index.html with the style nonce meta and a policy naming the same nonce', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const nonce = /<meta name="ringback-style-nonce" content="([^"]+)"><\/head>/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives every load of the page a fresh nonce', async () => {
    const first = (await get('/index.html')).headers.get('content-security-policy');
    const second = (await get('/index.html')).headers.get('content-security-policy');
    expect(first).not.toBe(second);
  });

  it('serves the build files with their types and nosniff', async () => {
    const script = await get('/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(await script.text()).toBe('console.log(1)');
    const data = await get('/assets/espeak.data');
    expect(data.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await data.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('refuses paths that leave the build folder or name hidden files', async () => {
    for (const path of [
      '/..%2Foutside.txt',
      '/assets/..%2F..%2Foutside.txt',
      '/%2e%2e/outside.txt',
      '/.secret',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('outside');
    }
    expect((await get('/..%5Coutside.txt')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(404);
  });

  it('answers index.html to a navigation under the app, 404 to anything else missing', async () => {
    const navigation = await get('/settings/desktop', { 'sec-fetch-mode': 'navigate' });
    expect(navigation.status).toBe(200);
    expect(await navigation.text()).toContain('ringback-style-nonce');
    const byAccept = await get('/calls', { accept: 'text/html,application/xhtml+xml' });
    expect(byAccept.status).toBe(200);
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/missing')).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await createAppFileHandler(appDir)(new Request('http://127.0.0.1/', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await createAppFileHandler(appDir)(new Request('http://127.0.0.1/', { method: 'POST' }));
    expect(post.status).toBe(405);
  });

  it('looks only at the path, so it serves app://ringback/ as the window asks it', async () => {
    expect((await getRaw('app://ringback/assets/index-abc.js')).status).toBe(200);
  });
});
