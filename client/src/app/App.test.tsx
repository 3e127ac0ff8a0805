// @vitest-environment happy-dom
import { keyIdOf } from '@ringback/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPairLink, type PairLink } from '../relay';
import { defaultSettings, type LocalSettings, loadSettings, saveSettings } from '../storage';
import { App } from './App';
import { guessDeviceName } from './device-name';
import { pairWithLink } from './pairing';
import { store } from './services';

// The session is not under test: it would open the relay's event stream.
vi.mock('./SessionRoot', () => ({
  SessionRoot: ({ settings }: { settings: LocalSettings }) => <p>Session on {settings.serverAddress}</p>,
  interfaceLanguageOf: () => 'en',
}));
// No vault, as on a page without IndexedDB: the key store keeps the key's text in the settings.
vi.mock('./services', async () => {
  const { createE2eKeyStore, memoryStore } = await import('../storage');
  const store = memoryStore();
  return { store, e2eKeys: createE2eKeyStore({ store, vault: null }) };
});
vi.mock('./pairing', () => ({ pairWithLink: vi.fn(), pairWithCode: vi.fn() }));

const OLD_KEY = `k1_${'A'.repeat(43)}`;
const NEW_KEY = `k1_${'B'.repeat(42)}A`;
const PAIRED: LocalSettings = {
  ...defaultSettings(),
  serverAddress: 'https://relay.home.example',
  deviceToken: 'dev_old',
  accountId: 'acct-old',
  deviceId: 'dev-1',
  deviceName: 'Chrome on Linux',
  e2eKey: OLD_KEY,
};
const OTHER: PairLink = { server: 'https://relay.attacker.example', code: '123456', key: NEW_KEY };

function openLink(link: PairLink) {
  window.location.hash = `#pair=${encodeURIComponent(formatPairLink(link))}`;
}

beforeEach(() => {
  vi.mocked(pairWithLink).mockImplementation(async (link, deviceName) => ({
    serverAddress: link.server,
    deviceToken: 'dev_new',
    accountId: 'acct-new',
    deviceId: 'dev-2',
    daemonDeviceId: null,
    deviceName,
    computerDefaultsPending: false,
    e2eKey: link.key,
  }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  window.location.hash = '';
  store.removeItem('ringback.settings');
});

describe('App: a pairing link on a paired app', () => {
  it('asks first, naming the new server and the device, and cancelling keeps the old pairing', async () => {
    saveSettings(store, PAIRED);
    openLink(OTHER);
    render(<App />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('https://relay.attacker.example');
    expect(dialog.textContent).toContain(guessDeviceName(navigator.userAgent));
    expect(dialog.textContent).toContain('https://relay.home.example');
    expect(pairWithLink).not.toHaveBeenCalled();
    // The key left the address bar even though nothing was decided yet.
    expect(window.location.hash).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pairWithLink).not.toHaveBeenCalled();
    expect(loadSettings(store)).toMatchObject({ serverAddress: PAIRED.serverAddress, e2eKey: OLD_KEY });
    expect(screen.getByText('Session on https://relay.home.example')).toBeTruthy();
  });

  it('pairs with the new server only once the user confirms', async () => {
    saveSettings(store, PAIRED);
    render(<App />);
    act(() => {
      openLink(OTHER);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await screen.findByRole('dialog');
    expect(pairWithLink).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch account' }));
    });
    expect(pairWithLink).toHaveBeenCalledWith(OTHER, guessDeviceName(navigator.userAgent));
    await screen.findByText('Session on https://relay.attacker.example');
    expect(loadSettings(store)).toMatchObject({
      serverAddress: OTHER.server,
      e2eKeyId: await keyIdOf(NEW_KEY),
      e2eKey: NEW_KEY,
    });
  });

  it('says so, and keeps the old pairing, when the confirmed switch fails', async () => {
    vi.mocked(pairWithLink).mockRejectedValueOnce(new Error('the pairing code expired'));
    saveSettings(store, PAIRED);
    openLink(OTHER);
    render(<App />);
    await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch account' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('the pairing code expired');
    expect(loadSettings(store)).toMatchObject({ serverAddress: PAIRED.serverAddress, e2eKey: OLD_KEY });
  });

  it('does not ask for a link to the pairing it already has, and an unpaired app joins at once', async () => {
    saveSettings(store, PAIRED);
    openLink({ server: PAIRED.serverAddress, code: '654321', key: OLD_KEY });
    render(<App />);
    await screen.findByText('Session on https://relay.home.example');
    // The keys are compared by keyId, which takes a moment: give it time to (wrongly) ask.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pairWithLink).not.toHaveBeenCalled();
    cleanup();

    store.removeItem('ringback.settings');
    openLink(OTHER);
    await act(async () => {
      render(<App />);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pairWithLink).toHaveBeenCalledWith(OTHER, guessDeviceName(navigator.userAgent));
    await screen.findByText('Session on https://relay.attacker.example');
  });
});
