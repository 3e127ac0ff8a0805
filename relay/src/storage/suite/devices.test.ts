import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { device, household, manualClock } from './store-fixtures';

forEachBackend((backend) => {
  describe('accounts and devices', () => {
    it('creates an account with its first device and finds devices by token hash', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      expect(await store.hasAccounts()).toBe(false);

      const input = device('daemon', 'laptop');
      const first = await store.createAccount(input);
      expect(first).toEqual({
        deviceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'daemon',
        name: 'laptop',
        createdAt: '2025-03-01T12:00:00.000Z',
        lastSeenAt: null,
      });
      expect(first.accountId).not.toBe(first.deviceId);
      expect(await store.hasAccounts()).toBe(true);

      const phoneInput = device('app', 'phone');
      const phone = await store.addDevice(first.accountId, phoneInput);
      expect(phone.accountId).toBe(first.accountId);
      expect(phone.kind).toBe('app');

      const found = await store.deviceByTokenHash(phoneInput.tokenHash);
      expect(found).toEqual({ ...phone, lastSeenAt: '2025-03-01T12:00:00.000Z' });
      expect(await store.deviceByTokenHash('no-such-hash')).toBeNull();

      const other = await store.createAccount(device('daemon', 'desktop'));
      expect(other.accountId).not.toBe(first.accountId);
      expect((await store.listDevices(first.accountId)).map((d) => d.deviceId)).toEqual([
        first.deviceId,
        phone.deviceId,
      ]);
    });

    it('refuses a device for an unknown account and a token hash already in use', async () => {
      const store = await backend.open();
      await expect(store.addDevice('no-such-account', device('app', 'phone'))).rejects.toThrow(
        /unknown account/,
      );
      const input = device('daemon', 'laptop');
      const first = await store.createAccount(input);
      await expect(store.addDevice(first.accountId, { ...input, name: 'copy' })).rejects.toThrow(
        backend.uniqueViolation,
      );
      expect(await store.listDevices(first.accountId)).toHaveLength(1);
    });

    it('marks a device seen at most once a minute', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const input = device('app', 'phone');
      await store.createAccount(input);
      const start = clock.now();

      expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(
        new Date(start).toISOString(),
      );
      clock.advance(30_000);
      expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(
        new Date(start).toISOString(),
      );
      clock.advance(31_000);
      expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(
        new Date(start + 61_000).toISOString(),
      );
      const [listed] = await store.listDevices(
        (await store.deviceByTokenHash(input.tokenHash))?.accountId ?? '',
      );
      expect(listed?.lastSeenAt).toBe(new Date(start + 61_000).toISOString());
    });

    it('renames and lists live devices', async () => {
      const store = await backend.open();
      const { accountId, phone, daemon } = await household(store);
      const other = await store.createAccount(device('daemon', 'elsewhere'));

      const renamed = await store.renameDevice(accountId, phone.deviceId, 'work phone');
      expect(renamed).toEqual({ ...phone, name: 'work phone' });
      expect((await store.listDevices(accountId)).map((d) => d.name)).toEqual([
        'laptop',
        'work phone',
        'tablet',
      ]);

      expect(await store.renameDevice(other.accountId, phone.deviceId, 'stolen')).toBeNull();
      expect(await store.renameDevice(accountId, 'no-such-device', 'x')).toBeNull();
      expect(await store.renameDevice(accountId, other.deviceId, 'x')).toBeNull();
      expect((await store.listDevices(accountId)).find((d) => d.deviceId === phone.deviceId)?.name).toBe(
        'work phone',
      );
      expect(await store.listDevices(other.accountId)).toEqual([other]);
      expect(daemon.name).toBe('laptop');
    });

    it("stops a removed device's token at once and hides it", async () => {
      const store = await backend.open();
      const input = device('daemon', 'laptop');
      const daemon = await store.createAccount(input);
      const phoneInput = device('app', 'phone');
      const phone = await store.addDevice(daemon.accountId, phoneInput);
      const other = await store.createAccount(device('daemon', 'elsewhere'));

      expect(await store.removeDevice(other.accountId, phone.deviceId)).toBeNull();
      expect(await store.deviceByTokenHash(phoneInput.tokenHash)).not.toBeNull();

      expect(await store.removeDevice(daemon.accountId, phone.deviceId)).toEqual({ released: [] });
      expect(await store.deviceByTokenHash(phoneInput.tokenHash)).toBeNull();
      expect((await store.listDevices(daemon.accountId)).map((d) => d.deviceId)).toEqual([daemon.deviceId]);
      expect(await store.renameDevice(daemon.accountId, phone.deviceId, 'back')).toBeNull();
      expect(await store.removeDevice(daemon.accountId, phone.deviceId)).toBeNull();
      expect(await store.removeDevice(daemon.accountId, 'no-such-device')).toBeNull();
      expect(await store.deviceByTokenHash(input.tokenHash)).not.toBeNull();
    });
  });
});
