import type { CallPlacement } from '../calls';
import { formatCallTime } from '../format';
import type { Translate } from '../i18n';
import type { DeclineWithoutWords } from '../storage';
import type { HistoryRow } from '../ui';

const english: Translate = (text) => text;

/**
 * A call declined from its notification before this device had its words, as a history row: the
 * notification's "caller · project" (or "Incoming call", as the notification said when it knew
 * nothing more) at the time it was declined. It sorts by that time, the nearest known to when the
 * call happened, and has no project: nothing places it under a tracker tab.
 */
export function historyRowWithoutWords(
  decline: DeclineWithoutWords,
  t: Translate = english,
): HistoryRow & CallPlacement {
  return {
    eventId: decline.eventId,
    title: decline.line ?? t('Incoming call'),
    agentLabel: '',
    callTime: formatCallTime(decline.declinedAt),
    occurredAt: decline.declinedAt,
    statusLabel: t('Declined'),
    withoutWords: true,
  };
}
