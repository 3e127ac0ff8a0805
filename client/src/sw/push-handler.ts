import { createParser, PushWake, type RelayedEvent } from '@ringback/protocol';
import { openRelayedEvent } from '../app/session/open-event';
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
import { endedNotification, missedCallNotification } from './quiet-notifications';
import { isSilentNow } from './silent-hours';
import type { SwLanguage } from './sw-text';

const parseWake = createParser(PushWake);

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
  /** A missed call was shown: the app icon's badge counts it (where the platform has one). */
  missedShown(): Promise<void>;
}

/**
 * Handles one push. What it is for comes from the relay (`kind`, on the relay's clock): `ended`
 * and `missed` replace the call's notification with a quiet one without a fetch; `ring` fetches
 * and opens the call on the device and rings with its words, or as "Incoming call" when it
 * cannot; in this device's silent hours it is a quiet missed call instead, and the relay is asked
 * for no more re-alerts. Every push shows a notification (WebKit revokes a subscription whose
 * pushes show none, Chromium shows a generic one), except on Chromium while a focused window of
 * the app shows the call itself.
 */
export async function handlePush(payload: unknown, deps: PushDeps): Promise<PushOutcome> {
  let notification: ShownNotification;
  try {
    notification = await decide(parseWake.check(payload) ? payload : null, deps);
  } catch {
    // Nothing the worker reads may cost the notification: it rings as an unknown call.
    notification = unreadableCallNotification({
      eventId: null,
      language: deps.systemLanguage,
      maxActions: deps.maxActions,
    });
  }
  const { tag } = notification.options;
  if (!deps.alwaysNotify && (await deps.hasFocusedWindow().catch(() => false))) {
    // The focused page rings (or lists the call as missed or ended) itself: a notification would be a second one.
    await deps.close(tag);
    return { kind: 'close', tag, why: 'page-shows' };
  }
  await deps.show(notification);
  if (notification.options.data?.kind === 'missed') await deps.missedShown().catch(() => {});
  return { kind: 'show', notification };
}

async function decide(wake: PushWake | null, deps: PushDeps): Promise<ShownNotification> {
  const device = await deps.readDevice().catch(() => null);
  const language = device?.record.interfaceLanguage ?? deps.systemLanguage;
  if (!wake) return unreadableCallNotification({ eventId: null, language, maxActions: deps.maxActions });

  const eventId = wake.id;
  const earlier = await deps.shownFor(callTag(eventId)).catch(() => null);
  const line = earlier?.data.line;
  switch (wake.kind ?? 'ring') {
    case 'ended':
      return endedNotification({
        eventId,
        language,
        line,
        ending: wake,
        ownDeviceId: device?.record.deviceId ?? null,
      });
    case 'missed':
      return missedCallNotification({ eventId, language, line });
    default:
      return ring(eventId, { device, language, earlier }, deps);
  }
}

async function ring(
  eventId: string,
  here: { device: SwDevice | null; language: SwLanguage; earlier: EarlierNotification | null },
  deps: PushDeps,
): Promise<ShownNotification> {
  const { device, language, earlier } = here;
  const line = earlier?.data.line;
  // A ring overtaken by the call's last push (pushes may come out of order): the call stays as it ended.
  if (earlier && (earlier.data.kind === 'ended' || earlier.data.kind === 'missed'))
    return reshown(earlier, eventId, language);
  if (device && isSilentNow(device.record, deps.now())) {
    // No-ring period: the call waits as missed, and the relay stops re-alerting this device. If it
    // does not hear it, the next re-alert comes here again and is quiet too.
    await deps.quiet(device.record, eventId).catch(() => {});
    return missedCallNotification({ eventId, language, line });
  }
  const unreadable = (receivedAt?: number) =>
    unreadableCallNotification({
      eventId,
      language,
      maxActions: deps.maxActions,
      ...(receivedAt !== undefined ? { receivedAt } : {}),
    });
  // The relay said it rings: unless the relay now says otherwise, it rings, with words or without.
  if (!device) return unreadable();
  let event: RelayedEvent;
  try {
    event = await deps.fetchEvent(device.record, eventId);
  } catch {
    return unreadable();
  }
  if (event.status !== 'pending') {
    const ending = { status: event.status, by: event.handledBy?.deviceId, byName: event.handledBy?.name };
    return endedNotification({ eventId, language, line, ending, ownDeviceId: device.record.deviceId });
  }
  const receivedAt = Date.parse(event.receivedAt);
  if (!device.key) return unreadable(receivedAt);
  const opened = await openRelayedEvent(event, device.key, device.record.formOfAddress);
  if (!opened.ok) return unreadable(receivedAt);
  const words = callWords(opened.event.plaintext.report, opened.event.brief);
  return ringingNotification(words, { eventId, language, maxActions: deps.maxActions, receivedAt });
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
