import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runRelayMain } from './relay-main';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Runs the relay command expecting it to refuse at once; what it wrote to stderr. */
async function refused(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-relay-main-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let written = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written += String(chunk);
    return true;
  });
  expect(await runRelayMain(['--port', '0', '--data-dir', dataDir, ...argv], env)).toBe(2);
  return written;
}

describe('relay command', () => {
  it('refuses a push subject Apple would reject, saying why', async () => {
    expect(await refused(['--push-subject', 'https://localhost:8791'])).toMatch(
      /^relay: the push subject "https:\/\/localhost:8791" cannot be used: it names localhost, which Apple/,
    );
    expect(await refused([], { RINGBACK_PUSH_SUBJECT: 'http://relay.example.com' })).toMatch(/must be https/);
  });

  it('refuses a push origin that is not an http(s) URL, saying what to give', async () => {
    expect(await refused(['--push-origin', 'push.example.net'])).toMatch(
      /^relay: the push origin "push.example.net" cannot be used: give an http\(s\) origin/,
    );
    expect(
      await refused([], { RINGBACK_PUSH_ORIGINS: 'https://push.example.net, ftp://push.example.net' }),
    ).toMatch(/the push origin "ftp:\/\/push.example.net" cannot be used/);
  });

  it('takes --tls-cert and --tls-key together only, and says which file it cannot read', async () => {
    expect(await refused(['--tls-cert', 'cert.pem'])).toMatch(/--tls-cert and --tls-key go together/);
    expect(await refused(['--tls-key', 'key.pem'])).toMatch(/--tls-cert and --tls-key go together/);
    expect(await refused(['--tls-cert', '/no/such/cert.pem', '--tls-key', '/no/such/key.pem'])).toMatch(
      /^relay: cannot read --tls-cert \/no\/such\/cert.pem: ENOENT/,
    );
  });
});
