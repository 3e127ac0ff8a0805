import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { household, manualClock } from './store-fixtures';

forEachBackend((backend) => {
  describe('pairing codes', () => {
    it('are used once, and only before they expire', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, phone } = await household(store);
      const t = clock.now();
      await store.createPairingCode(accountId, 'code-a', phone.deviceId, t + 600_000);
      await store.createPairingCode(accountId, 'code-b', phone.deviceId, t + 600_000);

      expect(await store.consumePairingCode('code-a', t + 1000)).toBe(accountId);
      expect(await store.consumePairingCode('code-a', t + 2000)).toBeNull();
      expect(await store.consumePairingCode('unknown', t + 1000)).toBeNull();
      expect(await store.consumePairingCode('code-b', t + 600_000)).toBeNull();
      expect(await store.consumePairingCode('code-b', t + 599_999)).toBe(accountId);
    });

    it('handed out by a removed device stop working', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      const later = Date.now() + 600_000;
      await store.createPairingCode(accountId, 'from-phone', phone.deviceId, later);
      await store.createPairingCode(accountId, 'from-tablet', tablet.deviceId, later);
      await store.removeDevice(accountId, phone.deviceId);
      expect(await store.consumePairingCode('from-phone', Date.now())).toBeNull();
      expect(await store.consumePairingCode('from-tablet', Date.now())).toBe(accountId);
    });

    it('are purged once used or expired, and a dead code makes way for a new one with its hash', async () => {
      const clock = manualClock();
      const { store, rows } = await backend.openInspectable(clock.now);
      const { accountId, phone } = await household(store);
      const t = clock.now();
      await store.createPairingCode(accountId, 'used', phone.deviceId, t + 600_000);
      await store.createPairingCode(accountId, 'expiring', phone.deviceId, t + 1000);
      await store.createPairingCode(accountId, 'live', phone.deviceId, t + 600_000);
      expect(await store.consumePairingCode('used', t)).toBe(accountId);

      // A live code is never replaced.
      await expect(store.createPairingCode(accountId, 'live', phone.deviceId, t + 600_000)).rejects.toThrow();
      // A used one is.
      await store.createPairingCode(accountId, 'used', phone.deviceId, t + 600_000);
      expect(await store.consumePairingCode('used', t)).toBe(accountId);

      clock.advance(1000);
      await store.purge(t - 1);
      const codes = (await rows('pairing_codes')).map((row) => row.code_hash);
      expect(codes).toEqual(['live']);
      expect(await store.consumePairingCode('live', clock.now())).toBe(accountId);
    });
  });
});
