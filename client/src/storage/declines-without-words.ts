import { MAX_CALL_HISTORY, readHistory } from './call-history';
import type { KeyValueStore } from './key-value-store';
import { declineWithoutWordsKey, STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';

/**
 * `ringback.declined.<eventId>`: a call this device declined from its notification without ever
 * having its words (the worker could not fetch it before declining, and the relay erased them once
 * it ended). All that is known is when, and the notification's "caller · project": history shows
 * it as a "Declined" row with nothing to replay, open or reply to. Kept apart from
 * `ringback.call.*`, whose records always hold the whole call (an older build reads those).
 */
export interface DeclineWithoutWords {
  eventId: string;
  /** ISO time the relay took the decline. */
  declinedAt: string;
  /** The notification's "caller · project", when the worker knew it. */
  line?: string;
}

/** Keeps one (a second of the same call replaces it), at most as many as call history keeps. */
export function saveDeclineWithoutWords(store: KeyValueStore, decline: DeclineWithoutWords): boolean {
  if (!writeMakingRoom(store, declineWithoutWordsKey(decline.eventId), JSON.stringify(decline))) return false;
  const all = readAll(store).reverse();
  for (const old of all.slice(0, Math.max(0, all.length - MAX_CALL_HISTORY)))
    store.removeItem(declineWithoutWordsKey(old.eventId));
  return true;
}

/**
 * Every readable one, newest first; one whose call is in history after all (kept whole later)
 * is left out there and removed.
 */
export function listDeclinesWithoutWords(store: KeyValueStore): DeclineWithoutWords[] {
  return readAll(store).filter((decline) => {
    if (!readHistory(store, decline.eventId)) return true;
    store.removeItem(declineWithoutWordsKey(decline.eventId));
    return false;
  });
}

/** Newest first. */
function readAll(store: KeyValueStore): DeclineWithoutWords[] {
  const found: DeclineWithoutWords[] = [];
  for (const key of store.keys()) {
    if (!key.startsWith(STORAGE_KEYS.declinedPrefix)) continue;
    const decline = parseDecline(store.getItem(key));
    if (decline) found.push(decline);
  }
  return found.sort((a, b) => Date.parse(b.declinedAt) - Date.parse(a.declinedAt));
}

function parseDecline(text: string | null): DeclineWithoutWords | null {
  try {
    const value = JSON.parse(text ?? 'null') as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return null;
    const { eventId, declinedAt, line } = value;
    if (typeof eventId !== 'string' || eventId === '') return null;
    if (typeof declinedAt !== 'string' || Number.isNaN(Date.parse(declinedAt))) return null;
    return { eventId, declinedAt, ...(typeof line === 'string' && line !== '' ? { line } : {}) };
  } catch {
    return null;
  }
}
