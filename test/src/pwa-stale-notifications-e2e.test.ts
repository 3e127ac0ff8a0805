import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitConnected } from './support/app-page';
import { callStatusOf, pairingPageUrl, storeSealedCall } from './support/pwa-calls';
import {
  keysRecord,
  notificationsAfterPush,
  pollFor,
  shownNotifications,
  waitControlled,
} from './support/pwa-page';
import { type PwaWorld, startPwaWorld } from './support/pwa-world';
import type { RelayProcess } from './support/relay-process';

let relay: RelayProcess;
let world: PwaWorld;
let context: BrowserContext;
let page: Page;
let daemon: DeviceCredentials;
const key = generateE2eKey();

beforeAll(async () => {
  world = await startPwaWorld({ name: 'pwa-stale' });
  ({ relay, daemon, context, page } = world);
});

afterAll(async () => {
  await world?.close();
});

/** Shows a call's notification as a push would with no app window open, read from `reader`. */
async function ringInTheBackground(reader: Page, eventId: string): Promise<void> {
  const shown = await notificationsAfterPush(
    context,
    page,
    reader,
    relay.url,
    JSON.stringify({ id: eventId }),
    (list) => list.some((notification) => notification.tag === `call-${eventId}`),
  );
  expect(shown.map((notification) => notification.tag)).toContain(`call-${eventId}`);
}

describe('notifications of calls that are over', () => {
  it('are closed when the app opens; a pending call keeps its notification', async () => {
    await context.grantPermissions(['notifications'], { origin: relay.url });
    await page.goto(await pairingPageUrl(relay.url, daemon.deviceToken, key));
    await waitConnected(page);
    await waitControlled(page);
    const phoneToken = String((await keysRecord(page, 'device'))?.deviceToken);

    const over = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const pending = await storeSealedCall(relay.url, daemon.deviceToken, key);
    await page.goto('about:blank');
    // Read from a file of the app's origin: a window of the app would ring itself instead.
    const reader = await context.newPage();
    try {
      await ringInTheBackground(reader, over);
      await ringInTheBackground(reader, pending);
      // The first call is declined on another device; its `ended` push never reaches this phone.
      const declined = await fetch(`${relay.url}/v1/events/${over}/status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phoneToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'rejected' }),
      });
      expect(declined.ok).toBe(true);
      expect(await callStatusOf(relay.url, daemon.deviceToken, over)).toBe('rejected');
      expect((await shownNotifications(reader)).map((notification) => notification.tag).sort()).toEqual(
        [`call-${over}`, `call-${pending}`].sort(),
      );

      await page.goto(relay.url);
      await waitConnected(page);
      const left = await pollFor(
        async () => (await shownNotifications(reader)).map((notification) => notification.tag),
        (tags) => !tags.includes(`call-${over}`),
        20_000,
      );
      expect(left).toEqual([`call-${pending}`]);
    } finally {
      await reader.close();
    }
  });
});
