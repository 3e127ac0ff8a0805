import type { PushWake } from '@ringback/protocol';
import { BADGE, callTag, ICON, type NotificationData, type ShownNotification } from './notification-text';
import { type SwLanguage, swText } from './sw-text';

/** How a call ended, as an `ended` push or the relay's answer to a fetch says it. */
export interface CallEnding {
  status?: PushWake['status'];
  /** The device that ended it (id), and its name. */
  by?: string | null;
  byName?: string | null;
}

/** What every quiet notification of a call knows. */
interface QuietCall {
  eventId: string;
  language: SwLanguage;
  /** "Caller · project" when it was had without a fetch (from the call's earlier notification). */
  line?: string | undefined;
}

/**
 * Replaces the call's ringing notification under the same tag without a sound, a vibration or
 * buttons, and without staying up: the call is over, or waits in the app's missed calls.
 */
function quiet(title: string, kind: NotificationData['kind'], call: QuietCall): ShownNotification {
  return {
    title,
    options: {
      tag: callTag(call.eventId),
      body: call.line ?? '',
      lang: call.language,
      icon: ICON,
      badge: BADGE,
      renotify: false,
      silent: true,
      requireInteraction: false,
      data: { eventId: call.eventId, kind, ...(call.line !== undefined ? { line: call.line } : {}) },
    },
  };
}

/** "Answered on Laptop", "Answered on this device", "Declined", "Acknowledged", "Call ended". */
export function endingTitle(ending: CallEnding, ownDeviceId: string | null, language: SwLanguage): string {
  switch (ending.status) {
    case 'answered':
      if (ending.by && ending.by === ownDeviceId) return swText(language, 'Answered on this device');
      if (ending.byName) {
        // A function, so a name with `$&` or `$1` in it is written as it is, not as a pattern.
        const byName = ending.byName;
        return swText(language, 'Answered on {device}').replace('{device}', () => byName);
      }
      return swText(language, 'Answered on another device');
    case 'rejected':
      return swText(language, 'Declined');
    case 'acknowledged':
      return swText(language, 'Acknowledged');
    default:
      return swText(language, 'Call ended');
  }
}

/** The call ended (answered, declined, … on some device): says how, quietly. */
export function endedNotification(
  call: QuietCall & { ending: CallEnding; ownDeviceId: string | null },
): ShownNotification {
  return quiet(endingTitle(call.ending, call.ownDeviceId, call.language), 'ended', call);
}

/** Nobody answered in the ring window, or it came in a silent period: it waits as a missed call. */
export function missedCallNotification(call: QuietCall): ShownNotification {
  return quiet(swText(call.language, 'Missed call'), 'missed', call);
}

/**
 * Decline from the notification did not reach the relay: the call still rings for every device,
 * so the user is told (with a sound: they believe it is done) and a tap opens the app on it.
 */
export function declineFailedNotification(call: QuietCall): ShownNotification {
  const shown = quiet(
    swText(call.language, 'Could not decline: open Ringback to decline'),
    'decline-failed',
    call,
  );
  return { title: shown.title, options: { ...shown.options, silent: false } };
}
