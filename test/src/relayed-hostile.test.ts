import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import {
  type RelayedAnswer,
  type SealedSettingsRequest,
  sealSettingsRequest,
  sendSettingsRequest,
} from './support/relayed-settings';
import { daemonKeyOf } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MINUTE = 60_000;

/** Spellings of one local-only path that a router may take for it, or a filter may miss. */
function spellingsOf(segments: string[]): string[] {
  const [first = '', ...rest] = segments;
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const path = `/${segments.join('/')}`;
  const hex = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  return [
    ...new Set([
      path,
      `/.${path}`,
      `/./${segments.join('/./')}`,
      `/llm/..${path}`,
      `/llm/settings/../..${path}`,
      `/llm/%2e%2e${path}`,
      `/%2e%2e${path}`,
      `/${hex(first)}${tail}`,
      `/${segments.join('%2F')}`,
      `/${first.toUpperCase()}${tail}`,
      path.toUpperCase(),
      `/${path}`,
      `//${segments.join('//')}`,
      `${path}/`,
      `${path}?x=1`,
      `${path}#x`,
      `${path};x=1`,
      `/${first};x${tail}`,
      `${path}%00`,
      `\\${segments.join('\\')}`,
      `/${segments.join('\\')}`,
      segments.join('/'),
      `http://127.0.0.1${path}`,
      `//127.0.0.1${path}`,
    ]),
  ];
}

async function localGet(daemon: DaemonProcess, dataDir: string, path: string): Promise<unknown> {
  const localKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
  const response = await fetch(`${daemon.url}${path}`, { headers: { authorization: `Bearer ${localKey}` } });
  return response.json();
}

describe('relayed settings requests through a real relay to a real daemon', () => {
  it('refuse every spelling of /e2e/*, /local/* and /report, replays and stale requests, also after a restart', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const computer = await relay.createAccount('daemon', 'Laptop');
    const phone = await relay.pair(computer, 'app', 'Phone');
    const dataDir = await makeDataDir({
      config: { server: { url: relay.url } },
      deviceToken: computer.deviceToken,
    });
    let daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const key = await daemonKeyOf(dataDir);
    const send = (request: SealedSettingsRequest): Promise<RelayedAnswer> =>
      sendSettingsRequest(relay.url, phone.deviceToken, computer.deviceId, request, key);
    const relayed = async (request: Parameters<typeof sealSettingsRequest>[2]) =>
      send(await sealSettingsRequest(key, computer.deviceId, request));
    const linkUp = () =>
      waitFor(
        async () => (await relayed({ method: 'GET', path: '/status' })).status === 200,
        10_000,
        'the link',
      );
    await linkUp();
    const keyBefore = (await localGet(daemon, dataDir, '/e2e/key')) as { key: string; keyId: string };
    expect(keyBefore.key).toBe(key);

    const attempts: [string, string, unknown][] = [];
    for (const path of spellingsOf(['e2e', 'key'])) {
      attempts.push(['GET', path, undefined], ['PUT', path, { random: true }]);
    }
    for (const path of spellingsOf(['local', 'pairing'])) attempts.push(['POST', path, undefined]);
    for (const path of spellingsOf(['local', 'login'])) attempts.push(['POST', path, { server: relay.url }]);
    const report = { session_id: 's', cwd: '/w', last_assistant_message: 'Ring.' };
    for (const path of spellingsOf(['report'])) attempts.push(['POST', path, report]);
    expect(attempts.length).toBeGreaterThan(100);
    for (const [method, path, body] of attempts) {
      const answer = await relayed({ method: method as 'GET', path, body });
      expect([answer.status, answer.result], `${method} ${path}`).toEqual([
        200,
        { status: 403, body: { error: 'not_relayed', message: expect.any(String) } },
      ]);
    }
    expect(await localGet(daemon, dataDir, '/e2e/key')).toEqual(keyBefore);
    expect(await daemonKeyOf(dataDir)).toBe(key);
    expect(await localGet(daemon, dataDir, '/status')).toMatchObject({ outbox: { pending: 0 } });

    // What the relay is for still works.
    const llm = await relayed({
      method: 'PUT',
      path: '/llm/settings',
      body: { baseUrl: 'https://llm.example/v1', apiKey: 'sk-phone-5678', model: 'm-1' },
    });
    expect(llm.result).toMatchObject({
      status: 200,
      body: { channel: { model: 'm-1', keyHint: '****…5678' } },
    });
    expect((await relayed({ method: 'GET', path: '/llm/settings' })).result).toMatchObject({
      status: 200,
      body: { channel: { model: 'm-1' } },
    });

    // A relay that repeats a request it carried: the same id is refused, and nothing runs again.
    const german = await sealSettingsRequest(key, computer.deviceId, {
      method: 'PUT',
      path: '/brief/language',
      body: { language: 'de-DE' },
    });
    expect((await send(german)).result).toEqual({ status: 200, body: { language: 'de-DE', source: 'app' } });
    const french = await relayed({ method: 'PUT', path: '/brief/language', body: { language: 'fr-FR' } });
    expect(french.result?.status).toBe(200);
    const replay = await send(german);
    expect(replay.result).toEqual({
      status: 409,
      body: { error: 'replayed_request', message: expect.any(String) },
    });
    // One sealed 6 minutes ago (held back by the relay) is refused by the time sealed inside it.
    const held = await relayed({
      method: 'PUT',
      path: '/brief/language',
      body: { language: 'it-IT' },
      issuedAt: Date.now() - 6 * MINUTE,
    });
    expect(held.result).toMatchObject({ status: 409, body: { error: 'replayed_request' } });
    expect(await localGet(daemon, dataDir, '/brief/language')).toEqual({ language: 'fr-FR', source: 'app' });

    // And a replay right after a restart.
    await daemon.kill('SIGTERM');
    daemon = await startDaemonProcess(dataDir);
    await linkUp();
    expect((await send(german)).result).toMatchObject({ status: 409, body: { error: 'replayed_request' } });
    expect(await localGet(daemon, dataDir, '/brief/language')).toEqual({ language: 'fr-FR', source: 'app' });
  });
});
