import type { Brief, EventReport } from '@ringback/protocol';
import { callerName, callPreview, callSubtitle } from '../app/call-labels';
import { RING_VIBRATION } from '../ringtone/vibration';
import { type SwLanguage, swText } from './sw-text';

/** The fields of a notification the DOM typings leave out, which Chromium and others honour. */
export interface RingNotificationOptions extends NotificationOptions {
  actions?: { action: 'answer' | 'decline'; title: string }[];
  renotify?: boolean;
  vibrate?: number[];
  timestamp?: number;
  data?: NotificationData;
}

/** What a notification of the worker is, so later pushes, closes and the badge can tell. */
export type NotificationKind = 'ring' | 'ended' | 'missed' | 'decline-failed';
const NOTIFICATION_KINDS: readonly unknown[] = ['ring', 'ended', 'missed', 'decline-failed'];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return NOTIFICATION_KINDS.includes(value);
}

/** A notification's `data`: its call, its kind, and the call's "caller · project" once known. */
export interface NotificationData {
  eventId: string | null;
  kind: NotificationKind;
  /** Kept so a later quiet notification of the call can say who called without a fetch. */
  line?: string;
}

/** One notification to show (replacing any with its tag). */
export interface ShownNotification {
  title: string;
  options: RingNotificationOptions & { tag: string };
}

/** Where every notification of a call goes: a newer one replaces it instead of stacking. */
export function callTag(eventId: string | null): string {
  return `call-${eventId ?? 'unknown'}`;
}

export const ICON = '/icon-192.png';
/** Android's status bar shows this one, white on transparent. */
export const BADGE = '/badge-96.png';

/** A call's words on the notification: who calls, about which project, and its first sentence. */
export interface CallWords {
  caller: string;
  project: string;
  preview: string;
}

export function callWords(report: EventReport, brief: Brief | null): CallWords {
  return {
    caller: callerName(report),
    project: callSubtitle(report),
    preview: callPreview(brief, report.text),
  };
}

interface Ringing {
  eventId: string | null;
  language: SwLanguage;
  /** `Notification.maxActions`: 0 where the browser shows no buttons. */
  maxActions: number;
  /** When the call reached the relay: the notification's time. */
  receivedAt?: number;
}

/** A ringing call: who and what as title, its first sentence as body, Answer and Decline. */
export function ringingNotification(words: CallWords, ringing: Ringing): ShownNotification {
  const line = callLine(words);
  return ringingWith(line, words.preview, ringing, line);
}

/** "Claude Code · billing-api": who called and about what, in one line. */
export function callLine(words: CallWords): string {
  return `${words.caller} · ${words.project}`;
}

/** A call that could not be fetched or opened still rings, without its words. */
export function unreadableCallNotification(ringing: Ringing): ShownNotification {
  const { language } = ringing;
  return ringingWith(
    swText(language, 'Incoming call'),
    swText(language, 'Open Ringback to answer.'),
    ringing,
  );
}

function ringingWith(title: string, body: string, ringing: Ringing, line?: string): ShownNotification {
  const { eventId, language, maxActions, receivedAt } = ringing;
  // Buttons only for a call the relay knows by id: Decline writes its status there.
  const actions: RingNotificationOptions['actions'] =
    maxActions > 0 && eventId !== null
      ? [
          { action: 'answer', title: swText(language, 'Answer') },
          { action: 'decline', title: swText(language, 'Decline') },
        ]
      : undefined;
  return {
    title,
    options: {
      tag: callTag(eventId),
      body,
      lang: language,
      icon: ICON,
      badge: BADGE,
      // Every push of a ringing call alerts again (the relay re-sends about every 25 s).
      renotify: true,
      requireInteraction: true,
      vibrate: [...RING_VIBRATION],
      data: { eventId, kind: 'ring', ...(line !== undefined ? { line } : {}) },
      ...(actions ? { actions } : {}),
      ...(receivedAt !== undefined ? { timestamp: receivedAt } : {}),
    },
  };
}
