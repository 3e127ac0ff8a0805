import { generateE2eKey } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { sealSettingsRequest, sendSettingsRequest } from './support/relayed-settings';
import { daemonKeyOf } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('settings relayed to a daemon (phone without a local daemon)', () => {
  it('run through the daemon sealed both ways, and refuse what must stay local', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const computer = await relay.createAccount('daemon', 'Laptop');
    const phone = await relay.pair(computer, 'app', 'Phone');
    const dataDir = await makeDataDir({
      config: { server: { url: relay.url } },
      deviceToken: computer.deviceToken,
    });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const key = await daemonKeyOf(dataDir);

    const relayed = async (
      request: Parameters<typeof sealSettingsRequest>[2],
      withKey = key,
      deviceId = computer.deviceId,
    ) =>
      sendSettingsRequest(
        relay.url,
        phone.deviceToken,
        deviceId,
        await sealSettingsRequest(withKey, deviceId, request),
        key,
      );

    // The daemon's link comes up within a moment of its start.
    await waitFor(
      async () => (await relayed({ method: 'GET', path: '/status' })).status === 200,
      10_000,
      'the link',
    );

    const status = await relayed({ method: 'GET', path: '/status' });
    expect(status.result?.body).toMatchObject({ relay: { serverUrl: relay.url, linked: true } });

    const put = await relayed({ method: 'PUT', path: '/brief/language', body: { language: 'de-DE' } });
    expect(put.result).toEqual({ status: 200, body: { language: 'de-DE', source: 'app' } });
    expect((await relayed({ method: 'GET', path: '/brief/language' })).result?.body).toEqual({
      language: 'de-DE',
      source: 'app',
    });
    const invalid = await relayed({ method: 'PUT', path: '/brief/language', body: { language: 'xx-YY' } });
    expect(invalid.result).toMatchObject({ status: 422, body: { error: 'invalid_language' } });

    for (const path of ['/e2e/key', '/local/pairing']) {
      const local = await relayed({ method: path === '/e2e/key' ? 'GET' : 'POST', path });
      expect(local.result, path).toMatchObject({ status: 403, body: { error: 'not_relayed' } });
    }
    const wrongKey = await relayed({ method: 'GET', path: '/status' }, generateE2eKey());
    expect([wrongKey.status, wrongKey.error]).toEqual([400, 'undecryptable_request']);

    const stranger = await relay.createAccount('app', 'Stranger');
    const foreign = await fetch(`${relay.url}/v1/devices/${computer.deviceId}/settings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: 'x', sealed: 'e1.a.b.c' }),
    });
    expect(foreign.status).toBe(404);

    await daemon.kill('SIGTERM');
    await waitFor(
      async () => (await relayed({ method: 'GET', path: '/status' })).status === 503,
      10_000,
      'offline',
    );
    expect((await relayed({ method: 'GET', path: '/status' })).error).toBe('device_offline');
  });
});
