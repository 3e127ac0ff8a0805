import type { RelayedEvent } from '@ringback/protocol';
import { answerMessage, answerUrl } from '../pwa/answer-message';
import { declinedMessage } from '../pwa/declined-message';
import type { WorkerDecline } from '../storage/worker-declines';
import { settleWithin } from './deadline';
import type { SwDevice } from './device-reader';
import type { NotificationKind, ShownNotification } from './notification-text';
import { declineFailedNotification } from './quiet-notifications';
import type { DeclineResult } from './relay-requests';
import type { SwLanguage } from './sw-text';

export type { DeclineResult } from './relay-requests';

/**
 * How long a Decline waits to fetch the call before declining it anyway: the relay answers in
 * milliseconds, and the call keeps ringing on the other devices until the decline lands.
 */
export const FETCH_BEFORE_DECLINE_MS = 3_000;

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
  /** `GET /v1/events/:id`: the call, sealed, while it still has its words. */
  fetchEvent(device: SwDevice['record'], eventId: string): Promise<RelayedEvent>;
  decline(device: SwDevice['record'], eventId: string): Promise<DeclineResult>;
  /** Leaves a decline in IndexedDB for the page's call history. */
  recordDecline(decline: WorkerDecline): Promise<void>;
  now(): number;
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
 * is closed first either way (Android leaves a tapped one up). A decline the relay took is left in
 * IndexedDB for the page's call history, and the app's open windows are told to take it in (the
 * message carries it, so they do even when IndexedDB could not keep it).
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
    const result = device ? await declineLeavingHistory(device, eventId, click.line, deps) : 'failed';
    if (result !== 'failed') return 'declined';
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

/**
 * Declines the call and leaves the decline for the page's history, with the call as the relay had
 * it just before (sealed: the relay erases its words once it ends), so the page keeps the whole
 * call as its own Decline does. The fetch is bounded and its failure declines all the same; a
 * call that had already ended elsewhere (409) was not declined here, so it leaves nothing.
 */
async function declineLeavingHistory(
  device: SwDevice,
  eventId: string,
  line: string | undefined,
  deps: ClickDeps,
): Promise<DeclineResult> {
  const before = await settleWithin(
    deps.fetchEvent(device.record, eventId),
    FETCH_BEFORE_DECLINE_MS,
    null as RelayedEvent | null,
  );
  const result = await deps.decline(device.record, eventId);
  if (result !== 'declined') return result;
  const sealed = before?.status === 'pending' && before.sealed ? before : undefined;
  const decline: WorkerDecline = {
    eventId,
    declinedAt: deps.now(),
    ...(line !== undefined ? { line } : {}),
    ...(sealed ? { sealed } : {}),
  };
  try {
    await deps.recordDecline(decline);
  } catch {
    // The relay has the decline all the same; a full or private store only means an open page
    // takes it from the message below, which carries it (and stops the call ringing there).
  }
  for (const window of await deps.windows().catch(() => [])) window.postMessage(declinedMessage(decline));
  return result;
}
