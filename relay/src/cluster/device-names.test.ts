import { describe, expect, it } from 'vitest';
import type { DeviceRecord, RelayStore } from '../storage/relay-store';
import { device, household, open } from '../storage/sqlite/store-fixtures';
import { DeviceNames } from './device-names';

describe('DeviceNames', () => {
  it('reads an account’s names once, and again after they are forgotten', async () => {
    const store = await open();
    const { accountId, phone } = await household(store);
    const names = new DeviceNames(store);

    expect((await names.of(accountId)).get(phone.deviceId)).toBe("Anna's phone");
    await store.renameDevice(accountId, phone.deviceId, 'Work phone');
    expect((await names.of(accountId)).get(phone.deviceId)).toBe("Anna's phone");
    expect(names.reads).toBe(1);

    names.forget(accountId);
    expect((await names.of(accountId)).get(phone.deviceId)).toBe('Work phone');
    expect(names.reads).toBe(2);
  });

  it('does not keep what a read in flight found when the names were forgotten meanwhile', async () => {
    const store = await open();
    const { accountId, phone } = await household(store);
    let release: () => void = () => {};
    const slowStore = {
      ...store,
      listDevices: async (id: string): Promise<DeviceRecord[]> => {
        const devices = await store.listDevices(id);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return devices;
      },
    } as RelayStore;
    const names = new DeviceNames(slowStore);

    const stale = names.of(accountId);
    await new Promise((resolve) => setImmediate(resolve));
    await store.renameDevice(accountId, phone.deviceId, 'Work phone');
    names.forget(accountId);
    release();
    expect((await stale).get(phone.deviceId)).toBe("Anna's phone");

    const fresh = names.of(accountId);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await fresh).get(phone.deviceId)).toBe('Work phone');
  });

  it('reads every account again after clear, as after notifications that went unheard', async () => {
    const store = await open();
    const { accountId, phone } = await household(store);
    const names = new DeviceNames(store);
    await names.of(accountId);
    await store.renameDevice(accountId, phone.deviceId, 'Work phone');
    names.clear();
    expect((await names.of(accountId)).get(phone.deviceId)).toBe('Work phone');
    expect(names.reads).toBe(2);
  });

  it('keeps at most the given number of accounts, dropping the least recently used', async () => {
    const store = await open();
    const accounts = [];
    for (let i = 0; i < 3; i++)
      accounts.push((await store.createAccount(device('daemon', `d${i}`))).accountId);
    const names = new DeviceNames(store, 2);
    const [first, second, third] = accounts as [string, string, string];
    await names.of(first);
    await names.of(second);
    await names.of(first);
    await names.of(third);
    expect(names.reads).toBe(3);
    await names.of(first);
    expect(names.reads).toBe(3);
    await names.of(second);
    expect(names.reads).toBe(4);
  });
});
