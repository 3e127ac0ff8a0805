import { answerMessage, answerUrl } from '../pwa/answer-message';
import type { SwDevice } from './device-reader';

/** The parts of a window client the click uses. */
export interface AppWindow {
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface ClickDeps {
  /** The app's windows, most recently focused first (as `clients.matchAll` gives them). */
  windows(): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
  readDevice(): Promise<SwDevice | null>;
  decline(device: SwDevice['record'], eventId: string): Promise<boolean>;
}

/** What a click did, for the worker's tests. */
export type ClickOutcome = 'focused' | 'opened' | 'declined' | 'decline-failed';

/**
 * A tap on a call's notification. Its body or Answer brings the app to the front on that call: an
 * open window is focused and told to answer it, else a new one opens at `/?answer=<id>`. Decline
 * declines the call on the relay without opening anything. The notification is closed first either
 * way (Android leaves a tapped one up).
 */
export async function handleNotificationClick(
  click: { action: string; eventId: string | null; close(): void },
  deps: ClickDeps,
): Promise<ClickOutcome> {
  click.close();
  const { eventId } = click;
  if (click.action === 'decline' && eventId !== null) {
    const device = await deps.readDevice();
    return device && (await deps.decline(device.record, eventId)) ? 'declined' : 'decline-failed';
  }
  const windows = await deps.windows();
  const target =
    windows.find((window) => window.focused) ??
    windows.find((window) => window.visibilityState === 'visible') ??
    windows[0];
  if (target) {
    // Focus first: the browser allows it only while the click's user activation lasts.
    await target.focus().catch(() => {});
    if (eventId !== null) target.postMessage(answerMessage(eventId));
    return 'focused';
  }
  await deps.openWindow(eventId === null ? '/' : answerUrl(eventId));
  return 'opened';
}
