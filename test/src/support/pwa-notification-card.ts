import type { BrowserContext } from 'playwright-core';
import { saveScreenshots } from './app-page';
import type { ShownNotification } from './pwa-page';

/**
 * Shows a notification's text the way a phone lays it out, on a page of its own, and saves it for
 * looking at (headless Chromium draws no notifications). `origin` is the line naming the site.
 */
export async function saveNotificationCard(
  context: BrowserContext,
  notification: ShownNotification,
  origin: string,
  name: string,
): Promise<void> {
  const card = await context.newPage();
  try {
    await card.setContent(`<!doctype html><meta charset="utf-8"><style>
      body{margin:0;padding:24px;background:#1f2937;font:15px system-ui,sans-serif}
      .n{max-width:420px;margin:0 auto;background:#f9fafb;border-radius:18px;padding:14px 16px;color:#111827}
      .app{font-size:12px;color:#6b7280;margin-bottom:4px}.t{font-weight:600}.b{margin-top:2px}
      .a{display:flex;gap:8px;margin-top:12px}.a span{flex:1;text-align:center;padding:8px;border-radius:10px;background:#e5e7eb;font-weight:600}
      </style><div class="n"><div class="app"></div><div class="t"></div><div class="b"></div><div class="a"></div></div>`);
    const text = async (selector: string, value: string) =>
      card.locator(selector).evaluate((element, words) => {
        element.textContent = words;
      }, value);
    await text('.app', `Ringback · ${origin}${notification.silent ? ' · silent' : ''}`);
    await text('.t', notification.title);
    await text('.b', notification.body);
    await card.locator('.a').evaluate((element, actions) => {
      for (const action of actions) {
        const span = element.ownerDocument.createElement('span');
        span.textContent = action === 'answer' ? 'Answer' : action === 'decline' ? 'Decline' : action;
        element.append(span);
      }
    }, notification.actions);
    await saveScreenshots(card, name);
  } finally {
    await card.close();
  }
}
