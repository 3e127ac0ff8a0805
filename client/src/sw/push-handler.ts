import type { PushWake, RelayedEvent } from '@ringback/protocol';
import { openRelayedEvent } from '../app/session/open-event';
import { settleWithin } from './deadline';
import type { SwDevice } from './device-reader';
import {
  BADGE,
  callTag,
  callWords,
  ICON,
  type NotificationData,
  ringingNotification,
  type ShownNotification,
  unreadableCallNotification,
} from './notification-text';
import { type CallEnding, endedNotification, missedCallNotification } from './quiet-notifications';
import { isSilentNow } from './silent-hours';
import type { SwLanguage } from './sw-text';

/** How long a push may take to decide what it shows before it shows what the wake alone says. */
export const PUSH_BUDGET_MS = 8_000;
/** How long one read of the worker's own state (IndexedDB, notifications, windows) may take. */
export const LOCAL_READ_DEADLINE_MS = 2_000;

const WAKE_ID_MAX = 64;
const ENDED_STATUSES: readonly NonNullable<PushWake['status']>[] = [
  'answered',
  'rejected',
  'acknowledged',
  'completed',
];

/** What a push says, read leniently: a wake with a valid id is never lost to a field this build does not know. */
export type Wake =
  | { id: string; kind: 'ring' }
  | { id: string; kind: 'missed' }
  | { id: string; kind: 'ended'; ending: CallEnding };

/**
 * Reads the push's `id` on its own; `ended` and `missed` only as this build knows them. An unknown
 * kind or status (a newer relay) is a `ring`: the fetch then says what the call is. Null without a
 * usable id.
 */
export function readWake(payload: unknown): Wake | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, kind, status, by, byName } = payload as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > WAKE_ID_MAX) return null;
  if (kind === 'missed') return { id, kind };
  const knownStatus = status === undefined || ENDED_STATUSES.includes(status as never);
  if (kind === 'ended' && knownStatus) {
    const ending: CallEnding = {
      ...(status !== undefined ? { status: status as CallEnding['status'] } : {}),
      ...(typeof by === 'string' ? { by } : {}),
      ...(typeof byName === 'string' ? { byName } : {}),
    };
    return { id, kind, ending };
  }
  return { id, kind: 'ring' };
}

/** What a push did: showed a notification, or left it to a focused window of the app (Chromium only). */
export type PushOutcome =
  | { kind: 'show'; notification: ShownNotification }
  | { kind: 'close'; tag: string; why: 'page-shows' };

/** The notification a call shows now, as `registration.getNotifications` gives it. */
export interface EarlierNotification {
  title: string;
  body: string;
  data: NotificationData;
}

/** The worker's world, so the flow is tested with plain fakes. */
export interface PushDeps {
  /** This device's clock: used only for its own silent hours, never to decide that a call is missed. */
  now(): number;
  /** The language when there is no device record: the system's. */
  systemLanguage: SwLanguage;
  /** `Notification.maxActions` (0 where buttons are not shown). */
  maxActions: number;
  /** WebKit: every push must show a notification, even with a window of the app focused. */
  alwaysNotify: boolean;
  readDevice(): Promise<SwDevice | null>;
  fetchEvent(device: SwDevice['record'], eventId: string): Promise<RelayedEvent>;
  /** `POST /v1/events/:id/quiet`: no more re-alerts of the call for this device. */
  quiet(device: SwDevice['record'], eventId: string): Promise<unknown>;
  /** The call's notification shown now (by tag), if any. */
  shownFor(tag: string): Promise<EarlierNotification | null>;
  /** Whether a visible window of the app has the focus: then the page rings itself. */
  hasFocusedWindow(): Promise<boolean>;
  show(notification: ShownNotification): Promise<void>;
  close(tag: string): Promise<void>;
  /** The notifications changed: the app icon's badge counts the missed calls shown now (where it has one). */
  recountBadge(): Promise<void>;
}

/** What to show, and what to do once it is shown (still inside the push's `waitUntil`). */
interface Decision {
  notification: ShownNotification;
  afterShown?: () => Promise<unknown>;
}

/** What the push learnt so far, so a push out of time still speaks the record's language. */
interface Known {
  language: SwLanguage;
}

/**
 * Handles one push. What it is for comes from the relay (`kind`, on the relay's clock): `ended`
 * and `missed` replace the call's notification with a quiet one without a fetch; `ring` fetches
 * and opens the call on the device and rings with its words, or as "Incoming call" when it
 * cannot; in this device's silent hours it is a quiet missed call instead, and the relay is asked
 * for no more re-alerts. Every push shows a notification (WebKit revokes a subscription whose
 * pushes show none, Chromium shows a generic one), except on Chromium while a focused window of
 * the app shows the call itself. Deciding has a budget well inside the browser's: past it, the
 * push shows what the wake alone says.
 */
export async function handlePush(payload: unknown, deps: PushDeps): Promise<PushOutcome> {
  const wake = readWake(payload);
  const known: Known = { language: deps.systemLanguage };
  const decided = await settleWithin<Decision | null>(decide(wake, known, deps), PUSH_BUDGET_MS, null);
  const { notification, afterShown } = decided ?? { notification: fromWakeAlone(wake, known, deps) };
  const { tag } = notification.options;
  const focused =
    !deps.alwaysNotify && (await settleWithin(deps.hasFocusedWindow(), LOCAL_READ_DEADLINE_MS, false));
  if (focused) {
    // The focused page rings (or lists the call as missed or ended) itself: a notification would be a second one.
    await deps.close(tag).catch(() => {});
    await deps.recountBadge().catch(() => {});
    if (afterShown) await afterShown().catch(() => {});
    return { kind: 'close', tag, why: 'page-shows' };
  }
  await showSurely(notification, deps);
  await deps.recountBadge().catch(() => {});
  if (afterShown) await afterShown().catch(() => {});
  return { kind: 'show', notification };
}

/** Shows the notification; when the platform refuses it (an option it rejects), once more with only title and body. */
async function showSurely(notification: ShownNotification, deps: PushDeps): Promise<void> {
  try {
    await deps.show(notification);
  } catch {
    const { tag, body } = notification.options;
    await deps.show({ title: notification.title, options: { tag, body: body ?? '' } }).catch(() => {});
  }
}

/** When deciding failed or ran out of time: the wake alone says ended or missed; else it rings unread. */
function fromWakeAlone(wake: Wake | null, known: Known, deps: PushDeps): ShownNotification {
  const { language } = known;
  if (wake?.kind === 'ended')
    return endedNotification({ eventId: wake.id, language, ending: wake.ending, ownDeviceId: null });
  if (wake?.kind === 'missed') return missedCallNotification({ eventId: wake.id, language });
  return unreadableCallNotification({ eventId: wake?.id ?? null, language, maxActions: deps.maxActions });
}

async function decide(wake: Wake | null, known: Known, deps: PushDeps): Promise<Decision> {
  const device = await settleWithin(deps.readDevice(), LOCAL_READ_DEADLINE_MS, null);
  const language = device?.record.interfaceLanguage ?? deps.systemLanguage;
  known.language = language;
  if (!wake) return { notification: fromWakeAlone(wake, known, deps) };

  const eventId = wake.id;
  const earlier = await settleWithin(deps.shownFor(callTag(eventId)), LOCAL_READ_DEADLINE_MS, null);
  const line = earlier?.data.line;
  switch (wake.kind) {
    case 'ended':
      return {
        notification: endedNotification({
          eventId,
          language,
          line,
          ending: wake.ending,
          ownDeviceId: device?.record.deviceId ?? null,
        }),
      };
    case 'missed':
      return { notification: missedCallNotification({ eventId, language, line }) };
    default:
      return ring(eventId, { device, language, earlier }, deps);
  }
}

async function ring(
  eventId: string,
  here: { device: SwDevice | null; language: SwLanguage; earlier: EarlierNotification | null },
  deps: PushDeps,
): Promise<Decision> {
  const { device, language, earlier } = here;
  const line = earlier?.data.line;
  // A ring overtaken by the call's last push (pushes may come out of order): the call stays as it ended.
  if (earlier && (earlier.data.kind === 'ended' || earlier.data.kind === 'missed'))
    return { notification: reshown(earlier, eventId, language) };
  if (device && isSilentNow(device.record, deps.now())) {
    // No-ring period: the call waits as missed, and the relay stops re-alerting this device (after
    // the notification is up: telling the relay may take seconds). If it does not hear it, the
    // next re-alert comes here again and is quiet too.
    const { record } = device;
    return {
      notification: missedCallNotification({ eventId, language, line }),
      afterShown: () => deps.quiet(record, eventId),
    };
  }
  const unreadable = (receivedAt?: number) =>
    unreadableCallNotification({
      eventId,
      language,
      maxActions: deps.maxActions,
      ...(receivedAt !== undefined ? { receivedAt } : {}),
    });
  // The relay said it rings: unless the relay now says otherwise, it rings, with words or without.
  if (!device) return { notification: unreadable() };
  let event: RelayedEvent;
  try {
    event = await deps.fetchEvent(device.record, eventId);
  } catch {
    return { notification: unreadable() };
  }
  if (event.status !== 'pending') {
    const ending = { status: event.status, by: event.handledBy?.deviceId, byName: event.handledBy?.name };
    return {
      notification: endedNotification({
        eventId,
        language,
        line,
        ending,
        ownDeviceId: device.record.deviceId,
      }),
    };
  }
  const receivedAt = Date.parse(event.receivedAt);
  if (!device.key) return { notification: unreadable(receivedAt) };
  const opened = await openRelayedEvent(event, device.key, device.record.formOfAddress);
  if (!opened.ok) return { notification: unreadable(receivedAt) };
  const words = callWords(opened.event.plaintext.report, opened.event.brief);
  return {
    notification: ringingNotification(words, { eventId, language, maxActions: deps.maxActions, receivedAt }),
  };
}

/** The call's quiet notification again, as it is (a push must show one; this one is still true). */
function reshown(earlier: EarlierNotification, eventId: string, language: SwLanguage): ShownNotification {
  return {
    title: earlier.title,
    options: {
      tag: callTag(eventId),
      body: earlier.body,
      lang: language,
      renotify: false,
      silent: true,
      requireInteraction: false,
      data: earlier.data,
      icon: ICON,
      badge: BADGE,
    },
  };
}
