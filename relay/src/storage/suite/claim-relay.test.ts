import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { device, manualClock } from './store-fixtures';

forEachBackend((backend) => {
  describe('claimRelay', () => {
    it('creates the first account with its device, and then never another', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const input = device('daemon', 'laptop');
      const claimed = await store.claimRelay(input);
      expect(claimed).toEqual({
        deviceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'daemon',
        name: 'laptop',
        createdAt: '2025-03-01T12:00:00.000Z',
        lastSeenAt: null,
      });
      expect(await store.hasAccounts()).toBe(true);
      expect(await store.listDevices(claimed?.accountId ?? '')).toEqual([claimed]);

      const late = device('app', 'phone');
      expect(await store.claimRelay(late)).toBeNull();
      expect(await store.deviceByTokenHash(late.tokenHash)).toBeNull();
      expect((await store.deviceByTokenHash(input.tokenHash))?.deviceId).toBe(claimed?.deviceId);
    });

    it('refuses a relay that already has an account made otherwise', async () => {
      const store = await backend.open();
      await store.createAccount(device('daemon', 'laptop'));
      const late = device('daemon', 'desktop');
      expect(await store.claimRelay(late)).toBeNull();
      expect(await store.deviceByTokenHash(late.tokenHash)).toBeNull();
    });

    it('lets exactly one of several claims at once win', async () => {
      const store = await backend.open();
      const inputs = Array.from({ length: 6 }, (_, i) => device('daemon', `computer ${i}`));
      const results = await Promise.all(inputs.map((input) => store.claimRelay(input)));
      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      const losers = inputs.filter((_, i) => results[i] === null);
      for (const input of losers) expect(await store.deviceByTokenHash(input.tokenHash)).toBeNull();
      expect(await store.listDevices(winners[0]?.accountId ?? '')).toHaveLength(1);
    });
  });
});
