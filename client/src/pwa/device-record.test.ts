import { defaultModes, type Mode } from '@ringback/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DeviceRecord, type DeviceRecordStore, defaultSettings, type LocalSettings } from '../storage';
import { createDeviceRecordWriter, deviceRecordOf } from './device-record';

const TOKEN = `dev_${'a'.repeat(43)}`;

afterEach(() => {
  vi.restoreAllMocks();
});

function paired(patch: Partial<LocalSettings> = {}): LocalSettings {
  return {
    ...defaultSettings(),
    serverAddress: 'https://relay.example.com/',
    deviceToken: TOKEN,
    deviceId: 'dev-phone',
    formOfAddress: 'captain',
    ...patch,
  };
}

/** IndexedDB's device record as the store keeps it, with every operation recorded in order. */
function recordingStore(options: { failNextWrite?: boolean } = {}) {
  let record: DeviceRecord | undefined;
  const calls: string[] = [];
  let fail = options.failNextWrite ?? false;
  const store: DeviceRecordStore = {
    async read() {
      return record;
    },
    async write(next) {
      calls.push(`write ${next.relayUrl} ${next.interfaceLanguage} ${next.formOfAddress}`);
      if (fail) {
        fail = false;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      record = next;
    },
    async remove() {
      calls.push('remove');
      record = undefined;
    },
  };
  return { store, calls, record: () => record };
}

describe('deviceRecordOf', () => {
  it('names the relay without a trailing slash, the token, the device and the words to use', () => {
    expect(deviceRecordOf(paired(), ['en-GB'], [])).toEqual({
      relayUrl: 'https://relay.example.com',
      deviceToken: TOKEN,
      deviceId: 'dev-phone',
      formOfAddress: 'captain',
      interfaceLanguage: 'en',
      ringModes: [],
    });
  });

  it('carries the ring schedule’s modes, so the worker keeps silent hours with the app closed', () => {
    const sleep: Mode = { ...(defaultModes()[1] as Mode), on: true };
    expect(deviceRecordOf(paired(), ['en'], [sleep])?.ringModes).toEqual([sleep]);
  });

  it('resolves the interface language the way the page does: the choice, else the system', () => {
    expect(deviceRecordOf(paired(), ['zh-CN', 'en'], [])?.interfaceLanguage).toBe('zh');
    expect(deviceRecordOf(paired({ interfaceLanguage: 'en' }), ['zh-CN'], [])?.interfaceLanguage).toBe('en');
    expect(deviceRecordOf(paired({ interfaceLanguage: 'zh' }), [], [])?.interfaceLanguage).toBe('zh');
  });

  it('is null for a device that is not paired', () => {
    expect(deviceRecordOf(defaultSettings(), ['en'], [])).toBeNull();
    expect(deviceRecordOf(paired({ deviceToken: null }), ['en'], [])).toBeNull();
    expect(deviceRecordOf(paired({ serverAddress: '' }), ['en'], [])).toBeNull();
  });
});

describe('the device record writer', () => {
  it('writes when the record changes, not when other settings do, and deletes it on unpair', async () => {
    const { store, calls, record } = recordingStore();
    const writer = createDeviceRecordWriter(store);
    await writer.sync(deviceRecordOf(paired(), ['en'], []));
    await writer.sync(deviceRecordOf(paired({ deviceName: 'Renamed', briefLanguage: 'fr-FR' }), ['en'], []));
    await writer.sync(deviceRecordOf(paired({ interfaceLanguage: 'zh' }), ['en'], []));
    expect(record()?.interfaceLanguage).toBe('zh');
    const night: Mode = { ...(defaultModes()[1] as Mode), on: true };
    await writer.sync(deviceRecordOf(paired({ interfaceLanguage: 'zh' }), ['en'], [night]));
    expect(record()?.ringModes).toEqual([night]);
    await writer.sync(deviceRecordOf(paired({ deviceToken: null }), ['en'], []));
    await writer.sync(null);
    expect(calls).toEqual([
      'write https://relay.example.com en captain',
      'write https://relay.example.com zh captain',
      'write https://relay.example.com zh captain',
      'remove',
    ]);
    expect(record()).toBeUndefined();
  });

  it('keeps the order it was asked in, so an unpair right after a change ends deleted', async () => {
    const { store, calls, record } = recordingStore();
    const writer = createDeviceRecordWriter(store);
    void writer.sync(deviceRecordOf(paired(), ['en'], []));
    void writer.sync(deviceRecordOf(paired({ formOfAddress: 'chief' }), ['en'], []));
    await writer.sync(null);
    expect(calls).toEqual([
      'write https://relay.example.com en captain',
      'write https://relay.example.com en chief',
      'remove',
    ]);
    expect(record()).toBeUndefined();
  });

  it('tries again at the next change after a refused write', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, calls, record } = recordingStore({ failNextWrite: true });
    const writer = createDeviceRecordWriter(store);
    await writer.sync(deviceRecordOf(paired(), ['en'], []));
    expect(record()).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    await writer.sync(deviceRecordOf(paired(), ['en'], []));
    expect(calls).toHaveLength(2);
    expect(record()?.deviceToken).toBe(TOKEN);
  });
});
