import { describe, expect, it } from 'vitest';
import { answerIdFromUrl, answerMessage, answerUrl, isAnswerMessage } from './answer-message';

describe('the answer message and address', () => {
  it('round-trips a call id through the message and the address', () => {
    const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
    expect(answerMessage(id)).toEqual({ type: 'ringback.answer', eventId: id });
    expect(isAnswerMessage(answerMessage(id))).toBe(true);
    expect(answerUrl(id)).toBe(`/?answer=${id}`);
    expect(answerIdFromUrl(`https://relay.example.com${answerUrl(id)}`)).toBe(id);
    expect(answerIdFromUrl(answerUrl('a b&c'))).toBe('a b&c');
  });

  it('recognises nothing else', () => {
    for (const data of [
      null,
      'ringback.answer',
      { type: 'ringback.answer' },
      { type: 'other', eventId: 'x' },
    ])
      expect(isAnswerMessage(data)).toBe(false);
    expect(answerIdFromUrl('https://relay.example.com/')).toBeNull();
    expect(answerIdFromUrl('https://relay.example.com/?answer=')).toBeNull();
  });
});
