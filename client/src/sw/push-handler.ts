import { createParser, PUSH_RING_WINDOW_MS, PushWake, type RelayedEvent } from '@ringback/protocol';
import { openRelayedEvent } from '../app/session/open-event';
import type { SwDevice } from './device-reader';
import {
  callTag,
  callWords,
  missedCallNotification,
  ringingNotification,
  type ShownNotification,
  unreadableCallNotification,
} from './notification-text';
import type { SwLanguage } from './sw-text';

const parseWake = createParser(PushWake);

/** What a push did: showed a notification, or closed the call's (it ended, or the page rings it). */
export type PushOutcome =
  | { kind: 'show'; notification: ShownNotification }
  | { kind: 'close'; tag: string; why: 'ended' | 'page-rings' };

/** The worker's world, so the flow is tested with plain fakes. */
export interface PushDeps {
  now(): number;
  /** The language when there is no device record: the system's. */
  systemLanguage: SwLanguage;
  /** `Notification.maxActions` (0 where buttons are not shown). */
  maxActions: number;
  readDevice(): Promise<SwDevice | null>;
  fetchEvent(device: SwDevice['record'], eventId: string): Promise<RelayedEvent>;
  /** Whether a window of the app has the focus: then the page rings itself. */
  hasFocusedWindow(): Promise<boolean>;
  show(notification: ShownNotification): Promise<void>;
  close(tag: string): Promise<void>;
}

/**
 * Handles one push: reads which call it is about, fetches and opens that call on the device and
 * shows it ringing, missed, or closes it once ended. Every push that is not about an ended call
 * shows a notification (iOS revokes a subscription whose pushes show none) unless an app window
 * has the focus; a call that cannot be fetched or opened rings as "Incoming call".
 */
export async function handlePush(payload: unknown, deps: PushDeps): Promise<PushOutcome> {
  const eventId = parseWake.check(payload) ? payload.id : null;
  const outcome = await decide(eventId, deps);
  if (outcome.kind === 'show' && (await deps.hasFocusedWindow())) {
    // The focused page rings (or shows as missed) itself: a notification would only be a second one.
    const page: PushOutcome = { kind: 'close', tag: outcome.notification.options.tag, why: 'page-rings' };
    await deps.close(page.tag);
    return page;
  }
  if (outcome.kind === 'show') await deps.show(outcome.notification);
  else await deps.close(outcome.tag);
  return outcome;
}

async function decide(eventId: string | null, deps: PushDeps): Promise<PushOutcome> {
  const device = await deps.readDevice();
  const language = device?.record.interfaceLanguage ?? deps.systemLanguage;
  const unreadable = (receivedAt?: number): PushOutcome => ({
    kind: 'show',
    notification: unreadableCallNotification({
      eventId,
      language,
      maxActions: deps.maxActions,
      ...(receivedAt !== undefined ? { receivedAt } : {}),
    }),
  });
  if (eventId === null || !device) return unreadable();

  let event: RelayedEvent;
  try {
    event = await deps.fetchEvent(device.record, eventId);
  } catch {
    return unreadable();
  }
  // Answered, declined, acknowledged or completed: nothing rings any more.
  if (event.status !== 'pending') return { kind: 'close', tag: callTag(eventId), why: 'ended' };

  const receivedAt = Date.parse(event.receivedAt);
  if (!device.key) return unreadable(receivedAt);
  const opened = await openRelayedEvent(event, device.key, device.record.formOfAddress);
  if (!opened.ok) return unreadable(receivedAt);
  const words = callWords(opened.event.plaintext.report, opened.event.brief);
  if (deps.now() >= receivedAt + PUSH_RING_WINDOW_MS)
    return { kind: 'show', notification: missedCallNotification(eventId, words, language, receivedAt) };
  return {
    kind: 'show',
    notification: ringingNotification(words, { eventId, language, maxActions: deps.maxActions, receivedAt }),
  };
}
