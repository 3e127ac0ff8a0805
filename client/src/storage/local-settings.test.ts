import { generateE2eKey } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  forgetPairing,
  listReplySnapshots,
  loadQueueSnapshot,
  loadSettings,
  loadShownReply,
  memoryStore,
  quotaExceededError,
  STORAGE_KEYS,
  saveQueueSnapshot,
  saveReplySnapshot,
  saveSettings,
  saveShownReply,
  updateSettings,
} from './index';

describe('local settings', () => {
  it('gives the defaults when nothing is stored', () => {
    const settings = loadSettings(memoryStore());
    expect(settings).toEqual(defaultSettings());
    expect(settings.formOfAddress).toBe('boss');
    expect(settings.voice).toEqual({ engineId: 'on-device', configs: {}, rate: 1 });
  });

  it('gives the defaults for unreadable JSON or a non-object, never a throw', () => {
    for (const raw of ['{not json', '42', 'null', '[]', '"text"']) {
      const store = memoryStore();
      store.setItem(STORAGE_KEYS.settings, raw);
      expect(loadSettings(store)).toEqual(defaultSettings());
    }
  });

  it('round-trips every field', () => {
    const store = memoryStore();
    const key = generateE2eKey();
    const settings = {
      ...defaultSettings(),
      serverAddress: 'http://192.168.1.20:8791',
      deviceToken: 'dev_abc',
      accountId: 'acc_1',
      deviceId: 'dvc_1',
      daemonDeviceId: 'dvc_daemon',
      deviceName: 'Phone',
      briefLanguage: 'es-MX',
      voice: {
        engineId: 'openai',
        configs: { openai: { values: { apiKey: 'sk-1' }, model: 'tts-1', voice: 'alloy' } },
        rate: 1.5,
      },
      formOfAddress: 'chief',
      llm: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-2', model: 'gpt-4o-mini' },
      questionModelSource: 'computer' as const,
      speechRecognitionSource: 'computer' as const,
      e2eKeyId: 'Yw3NKWbEM2aR',
      e2eKey: key,
      e2eFollowsDaemon: true,
      interfaceLanguage: 'zh' as const,
      backgroundRinging: true,
    };
    expect(saveSettings(store, settings)).toBe(true);
    expect(loadSettings(store)).toEqual(settings);
  });

  it('reads a record from before background ringing existed as off, and anything but true as off', () => {
    for (const stored of [undefined, 'yes', 1, null]) {
      const store = memoryStore();
      store.setItem(
        STORAGE_KEYS.settings,
        JSON.stringify({ serverAddress: 'https://relay.example', backgroundRinging: stored }),
      );
      expect(loadSettings(store)).toMatchObject({
        serverAddress: 'https://relay.example',
        backgroundRinging: false,
      });
    }
  });

  it('discards a device token without the dev_ prefix (an old shared secret)', () => {
    const store = memoryStore();
    store.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ deviceToken: 'old-shared-secret', deviceName: 'Mac' }),
    );
    const settings = loadSettings(store);
    expect(settings.deviceToken).toBeNull();
    expect(settings.deviceName).toBe('Mac');
    store.setItem(STORAGE_KEYS.settings, JSON.stringify({ deviceToken: 'dev_' }));
    expect(loadSettings(store).deviceToken).toBeNull();
  });

  it('replaces each malformed field with its default and keeps the good ones', () => {
    const store = memoryStore();
    store.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({
        serverAddress: 'ftp://nope',
        accountId: 7,
        briefLanguage: 'xx-nope',
        voice: { engineId: 5, rate: 9, configs: { a: { values: { k: 'v', n: 1 } }, b: 'junk' } },
        formOfAddress: '   ',
        llm: { baseUrl: 'not a url', apiKey: 'sk', model: ['m'] },
        e2eKeyId: 'short',
        e2eKey: 'k1_short',
        e2eFollowsDaemon: 'yes',
        interfaceLanguage: 'fr',
      }),
    );
    const settings = loadSettings(store);
    expect(settings).toMatchObject({
      serverAddress: '',
      accountId: null,
      briefLanguage: null,
      voice: { engineId: 'on-device', rate: 2, configs: { a: { values: { k: 'v' }, model: '', voice: '' } } },
      formOfAddress: 'boss',
      llm: { baseUrl: '', apiKey: 'sk', model: '' },
      e2eKeyId: null,
      e2eKey: null,
      e2eFollowsDaemon: false,
      interfaceLanguage: 'system',
    });
    expect(Object.keys(settings.voice.configs)).toEqual(['a']);
  });

  it('loads a record from before "Your computer" with the device’s own model and speech recognition', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.settings, JSON.stringify({ deviceName: 'Mac', llm: { model: 'm' } }));
    expect(loadSettings(store).questionModelSource).toBe('direct');
    expect(loadSettings(store).speechRecognitionSource).toBe('direct');
    // A phone paired before never has its choices changed for it.
    expect(loadSettings(store).computerDefaultsPending).toBe(false);
    store.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ questionModelSource: 'computer', speechRecognitionSource: 'elsewhere' }),
    );
    expect(loadSettings(store).questionModelSource).toBe('computer');
    expect(loadSettings(store).speechRecognitionSource).toBe('direct');
  });

  it('loads a record from before voice input with speech recognition not set, and keeps a stored one', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.settings, JSON.stringify({ deviceName: 'Mac' }));
    expect(loadSettings(store).speechRecognition).toEqual({ baseUrl: '', apiKey: '', model: 'whisper-1' });
    const stt = { baseUrl: 'http://10.0.0.2:8000/v1', apiKey: 'sk-stt', model: 'large-v3' };
    store.setItem(STORAGE_KEYS.settings, JSON.stringify({ speechRecognition: stt }));
    expect(loadSettings(store).speechRecognition).toEqual(stt);
    store.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ speechRecognition: { baseUrl: 'ftp://x', apiKey: 3, model: ' ' } }),
    );
    expect(loadSettings(store).speechRecognition).toEqual({ baseUrl: '', apiKey: '', model: 'whisper-1' });
  });

  it('normalises a stored brief language to a table locale and clamps the rate from below', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.settings, JSON.stringify({ briefLanguage: 'de', voice: { rate: 0.1 } }));
    const settings = loadSettings(store);
    expect(settings.briefLanguage).toBe('de-DE');
    expect(settings.voice.rate).toBe(0.5);
  });

  it('updates with a patch or a function and returns what is in effect', () => {
    const store = memoryStore();
    const first = updateSettings(store, { deviceName: 'Laptop', formOfAddress: 'Ada' });
    expect(first).toMatchObject({ saved: true, settings: { deviceName: 'Laptop', formOfAddress: 'Ada' } });
    const second = updateSettings(store, (current) => ({
      ...current,
      voice: { ...current.voice, rate: 5 },
    }));
    expect(second.settings.voice.rate).toBe(2);
    expect(loadSettings(store)).toMatchObject({ deviceName: 'Laptop', voice: { rate: 2 } });
  });

  it('evicts call history to make room, and reports a refused write without throwing', () => {
    // Room for the settings alone, not for them and the old call as well.
    const store = memoryStore({ quotaChars: 600 });
    store.setItem('ringback.call.old', 'x'.repeat(300));
    expect(saveSettings(store, { ...defaultSettings(), deviceName: 'Phone' })).toBe(true);
    expect(store.getItem('ringback.call.old')).toBeNull();

    const full = memoryStore();
    full.setItem = () => {
      throw quotaExceededError();
    };
    expect(updateSettings(full, { deviceName: 'X' })).toMatchObject({
      saved: false,
      settings: { deviceName: 'X' },
    });
  });

  it('forgets the pairing but keeps the user choices', () => {
    const store = memoryStore();
    updateSettings(store, {
      deviceToken: 'dev_x',
      accountId: 'a',
      deviceId: 'd',
      daemonDeviceId: 'dd',
      formOfAddress: 'Ada',
    });
    expect(forgetPairing(store)).toMatchObject({
      deviceToken: null,
      accountId: null,
      deviceId: null,
      daemonDeviceId: null,
      formOfAddress: 'Ada',
    });
  });

  it("forgets the old device's call work with its pairing: queued status writes and unsent replies", () => {
    const store = memoryStore();
    updateSettings(store, { deviceToken: 'dev_x', accountId: 'a', deviceId: 'd' });
    saveQueueSnapshot(store, { context: { calls: {} } }, 'd');
    saveReplySnapshot(store, 'evt-1', { value: 'editing' }, 1);
    saveShownReply(store, 'evt-1');
    forgetPairing(store);
    expect(loadQueueSnapshot(store)).toBeNull();
    expect(listReplySnapshots(store)).toEqual([]);
    expect(loadShownReply(store)).toBeNull();
  });
});
