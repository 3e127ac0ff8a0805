import { describe, expect, it } from 'vitest';
import { device, household, manualClock, open } from '../storage/sqlite/store-fixtures';
import { DeviceTokens } from './device-tokens';

describe('DeviceTokens', () => {
  it('answers a token from memory for a minute, then asks the store again (which marks it seen)', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const { daemonTokenHash, daemon } = await household(store);
    const tokens = new DeviceTokens(store, clock.now);

    const first = await tokens.device(daemonTokenHash);
    expect(first?.deviceId).toBe(daemon.deviceId);
    clock.advance(59_000);
    expect(await tokens.device(daemonTokenHash)).toBe(first);
    clock.advance(2_000);
    const again = await tokens.device(daemonTokenHash);
    expect(again).not.toBe(first);
    expect(again?.lastSeenAt).toBe(new Date(clock.now()).toISOString());
  });

  it('stops answering for a device forgotten after its removal, and never remembers an unknown token', async () => {
    const store = await open();
    const { accountId, daemonTokenHash, daemon } = await household(store);
    const tokens = new DeviceTokens(store, Date.now);
    expect(await tokens.device(daemonTokenHash)).not.toBeNull();

    await store.removeDevice(accountId, daemon.deviceId);
    expect(await tokens.device(daemonTokenHash)).not.toBeNull();
    tokens.forgetDevice(daemon.deviceId);
    expect(await tokens.device(daemonTokenHash)).toBeNull();
    expect(await tokens.device('no-such-token')).toBeNull();
  });

  it('remembers at most the given number of tokens, dropping the oldest', async () => {
    const store = await open();
    const hashes = [];
    for (let i = 0; i < 4; i++) {
      const input = device('app', `phone ${i}`);
      await store.createAccount(input);
      hashes.push(input.tokenHash);
    }
    const tokens = new DeviceTokens(store, Date.now, 3);
    for (const hash of hashes) expect(await tokens.device(hash)).not.toBeNull();
    expect(tokens.size).toBe(3);
  });
});
