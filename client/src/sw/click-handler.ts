import { answerMessage, answerUrl } from '../pwa/answer-message';
import type { SwDevice } from './device-reader';
import type { NotificationKind, ShownNotification } from './notification-text';
import { declineFailedNotification } from './quiet-notifications';
import type { SwLanguage } from './sw-text';

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
  /** The language when there is no device record: the system's. */
  systemLanguage: SwLanguage;
  show(notification: ShownNotification): Promise<void>;
}

/** What a click did, for the worker's tests. */
export type ClickOutcome = 'focused' | 'opened' | 'declined' | 'decline-failed';

/**
 * A tap on a call's notification. Its body or Answer brings the app to the front on that call: an
 * open window is focused and told to answer it, else a new one opens at `/?answer=<id>`. Decline
 * declines the call on the relay without opening anything; when that fails, a notification under
 * the call's tag says so (the call still rings everywhere, and the user believes it declined).
 * Only a ringing call's notification answers: a tap on a missed call, an ended one or "Could not
 * decline" brings the app to the front without answering (a missed call is listed there with
 * Answer; a call that failed to decline still rings there and can be declined). The notification
 * is closed first either way (Android leaves a tapped one up).
 */
export async function handleNotificationClick(
  click: {
    action: string;
    eventId: string | null;
    /** What the notification is (its data); none from a build that wrote no kind: a ringing call. */
    kind?: NotificationKind | undefined;
    line?: string | undefined;
    close(): void;
  },
  deps: ClickDeps,
): Promise<ClickOutcome> {
  click.close();
  const rings = (click.kind ?? 'ring') === 'ring';
  const eventId = rings ? click.eventId : null;
  if (click.action === 'decline' && eventId !== null) {
    const device = await deps.readDevice().catch(() => null);
    if (device && (await deps.decline(device.record, eventId))) return 'declined';
    const language = device?.record.interfaceLanguage ?? deps.systemLanguage;
    await deps.show(declineFailedNotification({ eventId, language, line: click.line }));
    return 'decline-failed';
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
