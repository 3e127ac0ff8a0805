// @vitest-environment happy-dom
import { type DesktopBridge, type DeviceTokenLoad, type DeviceTokenSave, keyIdOf } from '@ringback/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDesktopToken } from '../desktop/device-token';
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

describe('App in the desktop app', () => {
  const OFFER = {
    serverUrl: 'https://relay.home.example',
    code: '246810',
    key: NEW_KEY,
    expiresAt: '2026-12-02T12:00:00.000Z',
    link: 'unused',
  };
  function desktopBridgeAnswering(load: DeviceTokenLoad, kept: DeviceTokenSave = { kept: 'keychain' }) {
    const bridge = {
      kind: 'desktop' as const,
      daemon: {
        pairing: vi.fn(async () => ({ ok: true as const, offer: OFFER })),
        request: vi.fn(async () => ({ ok: false as const, reason: 'not_running' as const, message: 'x' })),
        installService: vi.fn(),
      },
      deviceToken: { load: vi.fn(async () => load), save: vi.fn(async () => kept) },
    };
    (globalThis as { ringback?: unknown }).ringback = bridge;
    return bridge;
  }
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'ringback');
  });

  it('says the saved pairing could not be read, and why, in words, and pairs again only when asked', async () => {
    // The settings still name the relay and hold the key; only the token main kept is lost.
    saveSettings(store, { ...PAIRED, deviceToken: null });
    const bridge = desktopBridgeAnswering({ ok: false, reason: 'undecryptable' });
    const why = await loadDesktopToken(bridge as unknown as DesktopBridge);
    expect(why).toBe('undecryptable');
    await act(async () => {
      render(<App unreadablePairing={why} />);
    });

    expect(screen.getByRole('alert').textContent).toBe(
      'The saved pairing on this computer could not be read: the system keychain no longer opens it. Pair again to go on.',
    );
    // Nothing is replaced behind the user's back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bridge.daemon.pairing).not.toHaveBeenCalled();
    expect(pairWithLink).not.toHaveBeenCalled();
    // The desktop build has no camera: no QR scanner is offered.
    expect(screen.queryByRole('button', { name: /scan/i })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join again' }));
    });
    expect(bridge.daemon.pairing).toHaveBeenCalledTimes(1);
    expect(pairWithLink).toHaveBeenCalledWith(
      { server: OFFER.serverUrl, code: OFFER.code, key: OFFER.key },
      guessDeviceName(navigator.userAgent),
    );
    await screen.findByText('Session on https://relay.home.example');
    expect(loadSettings(store).deviceToken).toBe('dev_new');
    expect(bridge.deviceToken.save).toHaveBeenCalledWith('dev_new');
    // The earlier pairing is still a device of the account: the user is told where it goes.
    expect(screen.getByRole('status').textContent).toContain(
      'The earlier pairing of this computer is still on your account: remove it in Settings → Devices.',
    );
    expect(screen.getByRole('status').textContent).not.toContain('keychain');
  });

  it('offers to read a pairing again when the keychain was not there, and goes on with it once it is', async () => {
    saveSettings(store, { ...PAIRED, deviceToken: null });
    const bridge = desktopBridgeAnswering({ ok: false, reason: 'keychain-unavailable' });
    const why = await loadDesktopToken(bridge as unknown as DesktopBridge);
    await act(async () => {
      render(<App unreadablePairing={why} />);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'The saved pairing on this computer could not be read: the system keychain is not available now (it may still be locked). Unlock it and try again, or pair again.',
    );

    // Still locked: the page says so again.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(bridge.deviceToken.load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toContain('not available now');

    // Unlocked: the saved pairing goes on, and nothing pairs anew.
    bridge.deviceToken.load.mockResolvedValue({ ok: true, token: 'dev_old' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await screen.findByText('Session on https://relay.home.example');
    expect(loadSettings(store).deviceToken).toBe('dev_old');
    expect(bridge.daemon.pairing).not.toHaveBeenCalled();
    expect(pairWithLink).not.toHaveBeenCalled();
    expect(bridge.deviceToken.save).not.toHaveBeenCalled();
  });

  it('says when a new pairing cannot be kept, because no keychain is there now', async () => {
    saveSettings(store, { ...PAIRED, deviceToken: null });
    const bridge = desktopBridgeAnswering({ ok: false, reason: 'keychain-unavailable' }, { kept: 'memory' });
    const why = await loadDesktopToken(bridge as unknown as DesktopBridge);
    await act(async () => {
      render(<App unreadablePairing={why} />);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join again' }));
    });
    await screen.findByText('Session on https://relay.home.example');
    const notice = screen.getByRole('status').textContent;
    expect(notice).toContain(
      'This computer’s keychain is not available: the pairing lasts until the app quits.',
    );
    expect(notice).toContain('Settings → Devices');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with a token read back, or none ever saved, says nothing of the kind', async () => {
    saveSettings(store, { ...PAIRED, deviceToken: null });
    const bridge = desktopBridgeAnswering({ ok: true, token: null });
    const why = await loadDesktopToken(bridge as unknown as DesktopBridge);
    expect(why).toBeNull();
    await act(async () => {
      render(<App unreadablePairing={why} />);
    });
    // No saved pairing to speak of: the app joins through the daemon at once.
    expect(screen.queryByText(/could not be read/)).toBeNull();
    expect(bridge.daemon.pairing).toHaveBeenCalledTimes(1);
    await screen.findByText('Session on https://relay.home.example');
    // A first pairing kept in the keychain needs no word.
    expect(screen.queryByRole('status')).toBeNull();
  });
});
