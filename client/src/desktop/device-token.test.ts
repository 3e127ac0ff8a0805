import type { DesktopBridge, DeviceTokenLoad } from '@ringback/protocol';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, loadSettings, memoryStore, updateSettings } from '../storage';
import { createTokenHolder, loadDesktopToken, tokenKeepingStore } from './device-token';

function setup(initial: string | null = null) {
  const saved: (string | null)[] = [];
  const holder = createTokenHolder(async (token) => {
    saved.push(token);
  }, initial);
  const base = memoryStore();
  return { saved, holder, base, store: tokenKeepingStore(base, holder) };
}

const rawToken = (store: ReturnType<typeof memoryStore>) =>
  JSON.parse(store.getItem('ringback.settings') ?? '{}').deviceToken;

describe('the desktop device token', () => {
  it('never reaches localStorage: a new token is handed to main, and read back from memory', () => {
    const { saved, base, store } = setup();
    updateSettings(store, { serverAddress: 'https://relay.example', deviceToken: 'dev_secret' });
    expect(rawToken(base)).toBeNull();
    expect(base.getItem('ringback.settings')).not.toContain('dev_secret');
    expect(saved).toEqual(['dev_secret']);
    expect(loadSettings(store).deviceToken).toBe('dev_secret');
    // Other changes do not save it again.
    updateSettings(store, { formOfAddress: 'captain' });
    expect(saved).toEqual(['dev_secret']);
  });

  it('is forgotten in main when the pairing is', () => {
    const { saved, store } = setup('dev_kept');
    updateSettings(store, { deviceToken: null });
    expect(saved).toEqual([null]);
    expect(loadSettings(store).deviceToken).toBeNull();
  });

  it('starts with the token main kept', () => {
    const { store, base } = setup('dev_kept');
    base.setItem(
      'ringback.settings',
      JSON.stringify({ ...defaultSettings(), serverAddress: 'https://r.example' }),
    );
    expect(loadSettings(store).deviceToken).toBe('dev_kept');
  });

  it('moves a token an older run left in localStorage to main', () => {
    const { store, base, saved } = setup();
    base.setItem('ringback.settings', JSON.stringify({ ...defaultSettings(), deviceToken: 'dev_old' }));
    expect(loadSettings(store).deviceToken).toBe('dev_old');
    expect(rawToken(base)).toBeNull();
    expect(saved).toEqual(['dev_old']);
  });

  it('leaves every other record as it is', () => {
    const { store, base } = setup();
    store.setItem('ringback.answered', '["a"]');
    expect(base.getItem('ringback.answered')).toBe('["a"]');
  });
});

describe('loadDesktopToken', () => {
  const bridgeAnswering = (answer: DeviceTokenLoad) =>
    ({ deviceToken: { load: async () => answer, save: async () => undefined } }) as unknown as DesktopBridge;

  it('holds the token main kept, or none', async () => {
    const { holder } = setup('dev_stale');
    expect(await loadDesktopToken(bridgeAnswering({ ok: true, token: 'dev_kept' }), holder)).toBeNull();
    expect(holder.get()).toBe('dev_kept');
    expect(await loadDesktopToken(bridgeAnswering({ ok: true, token: null }), holder)).toBeNull();
    expect(holder.get()).toBeNull();
  });

  it('gives back why a saved token could not be read, as a code, holding none and saving nothing', async () => {
    const { holder, saved } = setup();
    const why = await loadDesktopToken(
      bridgeAnswering({ ok: false, reason: 'keychain-unavailable' }),
      holder,
    );
    expect(why).toBe('keychain-unavailable');
    expect(holder.get()).toBeNull();
    // Nothing told main to forget it: the file stays until a new pairing replaces it.
    expect(saved).toEqual([]);
  });

  it('asks again when the bridge call itself fails, instead of calling the pairing unreadable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { holder } = setup();
    let calls = 0;
    const flaky = {
      deviceToken: {
        load: async () => {
          calls += 1;
          if (calls < 3) throw new Error("Error invoking remote method 'token:load': reply was never sent");
          return { ok: true, token: 'dev_kept' };
        },
        save: async () => ({ kept: 'keychain' }),
      },
    } as unknown as DesktopBridge;
    expect(await loadDesktopToken(flaky, holder, [1, 1, 1])).toBeNull();
    expect(holder.get()).toBe('dev_kept');

    // A bridge that never answers is said as such, not as an unreadable pairing.
    const silent = {
      deviceToken: {
        load: async () => {
          throw new Error('no handler');
        },
      },
    } as unknown as DesktopBridge;
    expect(await loadDesktopToken(silent, holder, [1, 1])).toBe('no-answer');
  });
});
