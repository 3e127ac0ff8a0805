import { describe, expect, it } from 'vitest';
import { MAX_CALL_HISTORY } from './call-history';
import { listDeclinesWithoutWords, saveDeclineWithoutWords } from './declines-without-words';
import { memoryStore } from './key-value-store';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

describe('calls declined without their words (ringback.declined.<id>)', () => {
  it('lists them newest first, one per call, skipping a damaged record', () => {
    const store = memoryStore();
    saveDeclineWithoutWords(store, { eventId: 'evt-1', declinedAt: at(1), line: 'Codex · api' });
    saveDeclineWithoutWords(store, { eventId: 'evt-2', declinedAt: at(2) });
    saveDeclineWithoutWords(store, { eventId: 'evt-1', declinedAt: at(3), line: 'Codex · api' });
    store.setItem('ringback.declined.evt-9', '{"eventId":"evt-9"');
    store.setItem('ringback.declined.evt-8', JSON.stringify({ eventId: 'evt-8', declinedAt: 'never' }));
    expect(listDeclinesWithoutWords(store)).toEqual([
      { eventId: 'evt-1', declinedAt: at(3), line: 'Codex · api' },
      { eventId: 'evt-2', declinedAt: at(2) },
    ]);
  });

  it('keeps at most as many as call history, dropping the oldest', () => {
    const store = memoryStore();
    for (let minute = 0; minute <= MAX_CALL_HISTORY; minute++)
      saveDeclineWithoutWords(store, { eventId: `evt-${minute}`, declinedAt: at(minute) });
    const kept = listDeclinesWithoutWords(store);
    expect(kept).toHaveLength(MAX_CALL_HISTORY);
    expect(kept.some((decline) => decline.eventId === 'evt-0')).toBe(false);
  });
});
