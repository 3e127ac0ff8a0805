import { describe, expect, it } from 'vitest';
import { formatCallTime } from '../format';
import { historyRowWithoutWords } from './history-row-without-words';

describe('the history row of a call declined without its words', () => {
  it('is titled by the notification’s line, at the time it was declined, "Declined"', () => {
    const declinedAt = '2026-03-01T09:00:05.000Z';
    const row = historyRowWithoutWords({ eventId: 'evt-1', declinedAt, line: 'Claude Code · app' });
    expect(row).toEqual({
      eventId: 'evt-1',
      title: 'Claude Code · app',
      agentLabel: '',
      callTime: formatCallTime(declinedAt),
      occurredAt: declinedAt,
      statusLabel: 'Declined',
      withoutWords: true,
    });
  });

  it('without a line: "Incoming call", as its notification said; in the interface language', () => {
    const row = historyRowWithoutWords(
      { eventId: 'evt-1', declinedAt: '2026-03-01T09:00:05.000Z' },
      (text) => `«${text}»`,
    );
    expect(row.title).toBe('«Incoming call»');
    expect(row.statusLabel).toBe('«Declined»');
  });
});
