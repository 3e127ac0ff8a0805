import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeLlm } from './fakes/fake-llm-server';
import { askComputer, sealComputerRequest } from './support/computer-requests';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { sealSettingsRequest, sendSettingsRequest } from './support/relayed-settings';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an account with two computers', () => {
  it('a request sealed for one computer, replayed by the relay on the other, is not opened there and runs nothing', async () => {
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    llm.setDefault({ content: 'The build passed.' });
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const key = generateE2eKey();
    const laptop = await relay.createAccount('daemon', 'Laptop');
    const desktop = await relay.pair(laptop, 'daemon', 'Desktop');
    const phone = await relay.pair(laptop, 'app', 'Phone');
    // Logged in as a computer of an older version is: a device token, no pinned device id.
    for (const computer of [laptop, desktop]) {
      const dataDir = await makeDataDir({
        config: {
          server: { url: relay.url },
          e2e: { key, source: 'key', updatedAt: new Date().toISOString() },
          llm: { primary: { baseUrl: llm.url, apiKey: 'sk-test-0000', model: 'fake-1' } },
        },
        deviceToken: computer.deviceToken,
      });
      const daemon = await startDaemonProcess(dataDir);
      cleanups.push(() => daemon.kill('SIGTERM'));
    }
    const settingsOn = async (target: DeviceCredentials, sealed: { requestId: string; sealed: string }) =>
      sendSettingsRequest(relay.url, phone.deviceToken, target.deviceId, sealed, key);
    const languageOf = async (computer: DeviceCredentials) =>
      (
        await settingsOn(
          computer,
          await sealSettingsRequest(key, computer.deviceId, { method: 'GET', path: '/brief/language' }),
        )
      ).result?.body;
    for (const computer of [laptop, desktop])
      await waitFor(
        async () => (await languageOf(computer)) !== undefined,
        15_000,
        `${computer.deviceId}'s link`,
      );
    const desktopLanguage = await languageOf(desktop);

    // A settings request for the laptop, sent by the relay to the desktop instead.
    const forLaptop = await sealSettingsRequest(key, laptop.deviceId, {
      method: 'PUT',
      path: '/brief/language',
      body: { language: 'de-DE' },
    });
    expect(await settingsOn(desktop, forLaptop)).toMatchObject({
      status: 400,
      error: 'undecryptable_request',
      result: null,
    });
    expect(await languageOf(desktop)).toEqual(desktopLanguage);
    // The computer it was sealed for runs it.
    expect((await settingsOn(laptop, forLaptop)).result).toMatchObject({ status: 200 });
    expect(await languageOf(laptop)).toMatchObject({ language: 'de-DE' });

    // A request to the computer (a paid model call) for the laptop, replayed on the desktop.
    const asked = llm.requests.length;
    const question = await sealComputerRequest(key, laptop.deviceId, {
      kind: 'model.answer',
      messages: [{ role: 'user', content: 'Did the build pass?' }],
    });
    const onDesktop = await askComputer(relay.url, phone.deviceToken, desktop.deviceId, question, key);
    expect(onDesktop).toMatchObject({ status: 400, error: 'undecryptable_request', frames: [] });
    expect(llm.requests.length).toBe(asked);
    const onLaptop = await askComputer(relay.url, phone.deviceToken, laptop.deviceId, question, key);
    expect(onLaptop.frames.at(-1)).toEqual({ type: 'end' });
    expect(llm.requests.length).toBe(asked + 1);
  }, 90_000);
});
