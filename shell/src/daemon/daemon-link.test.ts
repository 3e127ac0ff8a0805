import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDaemonLink } from './daemon-link';

/** The daemon's own bundled CLI (`npm run build` makes it; `npm test` builds first). */
const RINGBACK_BIN = fileURLToPath(new URL('../../../daemon/dist/ringback.mjs', import.meta.url));
const KEY = 'k'.repeat(43);
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-shell-link-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `ringback run` as the user's daemon runs it: port from daemon.json. */
async function startDaemon(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [RINGBACK_BIN, 'run', '--data-dir', dataDir], {
    env: { ...process.env, RINGBACK_HOME: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`daemon exited with ${code}:\n${output}`)));
  });
  return child;
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in local API that records what it was sent and answers with `reply`. */
async function standIn(reply: (seen: Seen) => { status: number; body: unknown } | null): Promise<{
  port: number;
  seen: Seen[];
}> {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const answer = reply(entry);
      if (!answer) return; // never answers
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, seen };
}

async function dataDirFor(port: number, key: string | null = KEY): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'daemon.json'), JSON.stringify({ localPort: port }), { mode: 0o600 });
  if (key !== null) await writeFile(join(dir, 'local-api.key'), `${key}\n`, { mode: 0o600 });
  return dir;
}

describe('createDaemonLink against the real daemon', () => {
  it('reads a key written after the link was made, then reads and writes settings', async () => {
    const port = await freePort();
    const dataDir = await dataDirFor(port, null);
    const link = createDaemonLink({ dataDir });

    expect(await link.request({ method: 'GET', path: '/llm/settings' })).toMatchObject({
      ok: false,
      reason: 'no_key',
    });

    await startDaemon(dataDir);
    expect(await link.request({ method: 'GET', path: '/llm/settings' })).toEqual({
      ok: true,
      status: 200,
      body: { channel: null },
    });
    const put = await link.request({
      method: 'PUT',
      path: '/llm/settings',
      body: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-desktop-4242', model: 'brief-mini' },
    });
    expect(put).toMatchObject({ ok: true, status: 200, body: { channel: { model: 'brief-mini' } } });
    expect(await link.request({ method: 'GET', path: '/llm/settings' })).toMatchObject({
      ok: true,
      body: { channel: { baseUrl: 'http://127.0.0.1:9/v1', keyHint: '****…4242' } },
    });
  });

  it('hands the daemon’s error answers back as they are, and a pairing the daemon cannot give as refused', async () => {
    const port = await freePort();
    const dataDir = await dataDirFor(port, null);
    await startDaemon(dataDir);
    const link = createDaemonLink({ dataDir });

    expect(await link.request({ method: 'GET', path: '/nope' })).toMatchObject({
      ok: true,
      status: 404,
      body: { error: 'not_found' },
    });
    const pairing = await link.pairing();
    expect(pairing).toMatchObject({ ok: false, reason: 'refused', code: 'not_logged_in' });
    expect(pairing.ok || pairing.message).toMatch(/\S/);
  });

  it('tells a daemon logged in to no relay by its code, and pairs at once after POST /local/login', async () => {
    // A private relay with no owner yet: the first account needs its claim code.
    const relay = await standIn(({ method, url, headers, body }) => {
      if (method === 'POST' && url === '/v1/accounts') {
        const asked = JSON.parse(body || '{}') as { kind?: string; claimCode?: string };
        if (asked.claimCode === undefined)
          return { status: 403, body: { error: 'claim_code_required', message: 'give the claim code' } };
        if (asked.claimCode !== 'CLAIM-ME-0001')
          return { status: 403, body: { error: 'invalid_claim_code', message: 'the claim code is wrong' } };
        return { status: 201, body: { accountId: 'acc_1', deviceId: 'dev_d1', deviceToken: 'dev_tok_1' } };
      }
      if (method === 'POST' && url === '/v1/pairing-codes' && headers.authorization === 'Bearer dev_tok_1')
        return { status: 201, body: { code: '654321', expiresAt: '2030-01-01T00:00:00.000Z' } };
      return { status: 404, body: { error: 'not_found', message: 'no such route' } };
    });
    const relayUrl = `http://127.0.0.1:${relay.port}`;
    const port = await freePort();
    const dataDir = await dataDirFor(port, null);
    await startDaemon(dataDir);
    const link = createDaemonLink({ dataDir });

    expect(await link.pairing()).toMatchObject({ ok: false, reason: 'refused', code: 'not_logged_in' });
    const login = (body: object) => link.request({ method: 'POST', path: '/local/login', body });
    expect(await login({ server: relayUrl })).toMatchObject({
      ok: true,
      status: 403,
      body: { error: 'claim_code_required' },
    });
    expect(await login({ server: relayUrl, claimCode: 'WRONG' })).toMatchObject({
      ok: true,
      status: 403,
      body: { error: 'invalid_claim_code' },
    });
    expect(await login({ server: relayUrl, claimCode: 'CLAIM-ME-0001' })).toMatchObject({
      ok: true,
      status: 200,
      body: { serverUrl: relayUrl, accountId: 'acc_1', deviceId: 'dev_d1', joined: false },
    });
    const pairing = await link.pairing();
    expect(pairing).toMatchObject({ ok: true, offer: { serverUrl: relayUrl, code: '654321' } });
    expect(pairing.ok && pairing.offer.link).toMatch(/^ringback:\/\/pair\?/);
  });

  it('says the daemon is not running when its key is there but nothing listens', async () => {
    const dataDir = await dataDirFor(await freePort());
    const reach = await createDaemonLink({ dataDir }).request({ method: 'GET', path: '/status' });
    expect(reach).toMatchObject({ ok: false, reason: 'not_running' });
    expect((await createDaemonLink({ dataDir }).pairing()).ok).toBe(false);
  });
});

describe('createDaemonLink on the wire', () => {
  it('sends the key as a bearer token to 127.0.0.1 with a JSON body and no Origin', async () => {
    const daemon = await standIn(() => ({ status: 200, body: { saved: true } }));
    const link = createDaemonLink({ dataDir: await dataDirFor(daemon.port, ` ${KEY} `) });

    expect(await link.request({ method: 'PUT', path: '/brief-language', body: { language: 'de' } })).toEqual({
      ok: true,
      status: 200,
      body: { saved: true },
    });
    await link.request({ method: 'GET', path: '/status' });

    const [put, get] = daemon.seen;
    expect(put?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(put?.headers.host).toBe(`127.0.0.1:${daemon.port}`);
    expect(put?.headers.origin).toBeUndefined();
    expect(put?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(put?.body ?? '')).toEqual({ language: 'de' });
    expect(get).toMatchObject({ method: 'GET', url: '/status', body: '' });
    expect(get?.headers['content-type']).toBeUndefined();
  });

  it('defaults to port 8790 without daemon.json', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'local-api.key'), KEY);
    const urls: string[] = [];
    const link = createDaemonLink({
      dataDir,
      fetch: async (input) => {
        urls.push(String(input));
        return new Response('{}', { status: 200 });
      },
    });
    await link.request({ method: 'GET', path: '/status' });
    expect(urls).toEqual(['http://127.0.0.1:8790/status']);
  });

  it('refuses paths that would leave the daemon', async () => {
    const daemon = await standIn(() => ({ status: 200, body: {} }));
    const link = createDaemonLink({ dataDir: await dataDirFor(daemon.port) });
    for (const path of ['//evil.example/x', 'http://evil.example/', 'status', '/a b', '/\\evil.example']) {
      await expect(link.request({ method: 'GET', path })).rejects.toThrow(/not a local API path/);
    }
    expect(daemon.seen).toEqual([]);
  });

  it('gives up on a daemon that does not answer, as not running', async () => {
    const daemon = await standIn(() => null);
    const link = createDaemonLink({ dataDir: await dataDirFor(daemon.port), timeoutMs: 200 });
    const reach = await link.request({ method: 'GET', path: '/status' });
    expect(reach).toMatchObject({ ok: false, reason: 'not_running' });
    expect(reach.ok || reach.message).toMatch(/did not answer/);
  });

  it('passes a pairing offer on, and an offer that is not one as refused', async () => {
    const offer = {
      serverUrl: 'https://relay.example',
      code: '123456',
      key: `k1_${'a'.repeat(43)}`,
      expiresAt: '2030-01-01T00:00:00.000Z',
      link: 'ringback://pair?x',
    };
    const good = await standIn(({ method, url }) =>
      method === 'POST' && url === '/local/pairing'
        ? { status: 200, body: offer }
        : { status: 404, body: {} },
    );
    expect(await createDaemonLink({ dataDir: await dataDirFor(good.port) }).pairing()).toEqual({
      ok: true,
      offer,
    });
    const odd = await standIn(() => ({ status: 200, body: { code: 1 } }));
    const oddPairing = await createDaemonLink({ dataDir: await dataDirFor(odd.port) }).pairing();
    expect(oddPairing).toMatchObject({ ok: false, reason: 'refused' });
    expect(oddPairing).not.toHaveProperty('code');
    const unauthorized = await standIn(() => ({
      status: 401,
      body: { error: 'unauthorized', message: 'send the key' },
    }));
    expect(await createDaemonLink({ dataDir: await dataDirFor(unauthorized.port) }).pairing()).toEqual({
      ok: false,
      reason: 'refused',
      message: 'send the key',
      code: 'unauthorized',
    });
    const notLoggedIn = await standIn(() => ({
      status: 409,
      body: { error: 'not_logged_in', message: 'this computer is not logged in to a relay yet' },
    }));
    expect(await createDaemonLink({ dataDir: await dataDirFor(notLoggedIn.port) }).pairing()).toEqual({
      ok: false,
      reason: 'refused',
      message: 'this computer is not logged in to a relay yet',
      code: 'not_logged_in',
    });
    // No code, or not a code: the refusal carries none.
    const odd409 = await standIn(() => ({ status: 409, body: { error: 'Not Logged In!', message: 'no' } }));
    const noCode = await createDaemonLink({ dataDir: await dataDirFor(odd409.port) }).pairing();
    expect(noCode).toEqual({ ok: false, reason: 'refused', message: 'no' });
  });
});
