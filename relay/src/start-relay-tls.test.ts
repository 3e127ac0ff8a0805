import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from './relay-logger';
import { startRelay } from './start-relay';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A self-signed certificate for 127.0.0.1, made for the test with openssl. */
async function selfSigned(dir: string) {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: await readFile(certFile) };
}

async function tlsRelay(publicUrl?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-tls-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const tls = await selfSigned(dir);
  const logger = createSilentRelayLogger();
  const relay = await startRelay({
    dataDir: join(dir, 'data'),
    port: 0,
    openSignup: true,
    logger,
    tls: { certFile: tls.certFile, keyFile: tls.keyFile },
    ...(publicUrl ? { publicUrl } : {}),
  });
  cleanups.push(() => relay.close());
  // Trusts this certificate only, as a phone would after installing it.
  const agent = new Agent({ connect: { ca: tls.cert } });
  cleanups.push(() => agent.close());
  const origin = `https://127.0.0.1:${relay.port}`;
  return { relay, logger, agent, origin };
}

describe('a relay serving TLS itself', () => {
  it('answers over https with its certificate', async () => {
    const { relay, agent, origin } = await tlsRelay();
    expect(relay.url).toBe(origin);
    const created = await request(`${origin}/v1/accounts`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'app', name: 'Phone' }),
    });
    expect(created.statusCode).toBe(201);
    const { deviceToken } = (await created.body.json()) as { deviceToken: string };

    // A loopback URL is no push subject: push is off, and the key route says so.
    const key = await request(`${origin}/v1/push/key`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${deviceToken}` },
    });
    expect(key.statusCode).toBe(503);
    expect(await key.body.json()).toMatchObject({
      error: 'push_unavailable',
      message: expect.stringMatching(/--push-subject/),
    });
  });

  it('pushes with its https public URL as the subject', async () => {
    const { agent, origin, logger } = await tlsRelay('https://relay.example.com');
    const created = await request(`${origin}/v1/accounts`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'app', name: 'Phone' }),
    });
    const { deviceToken } = (await created.body.json()) as { deviceToken: string };
    const key = await request(`${origin}/v1/push/key`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${deviceToken}` },
    });
    expect(key.statusCode).toBe(200);
    expect(logger.lines).toContain('info Web Push on, VAPID subject https://relay.example.com');
  });

  it('refuses plain http on its port', async () => {
    const { relay } = await tlsRelay();
    await expect(fetch(`http://127.0.0.1:${relay.port}/v1/push/key`)).rejects.toThrow();
  });
});
