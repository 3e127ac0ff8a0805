import { describe, expect, it } from 'vitest';
import { type CloseDeps, handleNotificationClose } from './close-handler';
import type { SwDevice } from './device-reader';
import { device, EVENT_ID } from './test-support';

function worker(options: { device?: SwDevice | null; quietFails?: boolean }) {
  const asked: string[] = [];
  const deps: CloseDeps = {
    readDevice: async () => options.device ?? null,
    async quiet(record, eventId) {
      asked.push(`quiet ${eventId} at ${record.relayUrl}`);
      if (options.quietFails) throw new TypeError('Failed to fetch');
    },
    async recountBadge() {
      asked.push('badge');
    },
  };
  return { deps, asked };
}

describe('a notification swiped away', () => {
  it('asks the relay for no more re-alerts of a ringing call, declining nothing', async () => {
    const { deps, asked } = worker({ device: await device() });
    expect(await handleNotificationClose({ eventId: EVENT_ID, kind: 'ring' }, deps)).toBe('quieted');
    expect(asked).toEqual([`quiet ${EVENT_ID} at https://relay.example.com`]);
  });

  it('tolerates a relay that cannot be told', async () => {
    const { deps, asked } = worker({ device: await device(), quietFails: true });
    expect(await handleNotificationClose({ eventId: EVENT_ID, kind: 'ring' }, deps)).toBe('quieted');
    expect(asked).toHaveLength(1);
  });

  it('asks nothing for a call that no longer rings, an unknown call, or without a device record', async () => {
    const phone = await device();
    for (const [data, held] of [
      [{ eventId: EVENT_ID, kind: 'ended' }, phone],
      [{ eventId: null, kind: 'ring' }, phone],
      [null, phone],
      [{ eventId: EVENT_ID, kind: 'ring' }, null],
    ] as const) {
      const { deps, asked } = worker({ device: held });
      expect(await handleNotificationClose(data, deps)).toBe('ignored');
      expect(asked).toEqual([]);
    }
  });
});

describe('a missed call swiped away', () => {
  it('counts the badge again, and asks the relay nothing', async () => {
    const { deps, asked } = worker({ device: await device() });
    expect(await handleNotificationClose({ eventId: EVENT_ID, kind: 'missed' }, deps)).toBe('recounted');
    expect(asked).toEqual(['badge']);
  });
});
