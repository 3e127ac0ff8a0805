import { describe, expect, it } from 'vitest';
import { defaultSettings, loadSettings, memoryStore, updateSettings } from '../storage';
import { createTokenHolder, tokenKeepingStore } from './device-token';

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
