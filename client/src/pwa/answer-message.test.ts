import { describe, expect, it } from 'vitest';
import { answerMessageEventId, takeAnswerParam } from '../app/answers/answer-requests';
import { answerMessage, answerUrl } from './answer-message';

const EVENT_ID = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

describe('what the service worker sends, as the page reads it', () => {
  it('is a message naming the call', () => {
    expect(answerMessage(EVENT_ID)).toEqual({ type: 'ringback.answer', eventId: EVENT_ID });
    expect(answerMessageEventId(answerMessage(EVENT_ID))).toBe(EVENT_ID);
  });

  it('is an address naming the call, which the page takes out of the address bar', () => {
    expect(answerUrl(EVENT_ID)).toBe(`/?answer=${EVENT_ID}`);
    const replaced: string[] = [];
    const eventId = takeAnswerParam(
      { href: new URL(answerUrl(EVENT_ID), 'https://relay.example.com').href },
      { state: null, replaceState: (_state, _unused, url) => replaced.push(String(url)) },
    );
    expect(eventId).toBe(EVENT_ID);
    expect(replaced).toEqual(['/']);
  });
});
