import { describe, expect, it } from 'vitest';
import { createAnswerInbox } from './answer-inbox';

describe('the answer inbox', () => {
  it('keeps the latest request until a session takes answers, then hands each on at once', () => {
    const inbox = createAnswerInbox();
    let kept = 0;
    inbox.onKept(() => kept++);
    inbox.put('evt-1');
    inbox.put('evt-2');
    expect(kept).toBe(2);
    const taken: string[] = [];
    const detach = inbox.deliverTo((id) => taken.push(id));
    expect(taken).toEqual(['evt-2']);
    inbox.put('evt-3');
    expect(taken).toEqual(['evt-2', 'evt-3']);
    expect(kept).toBe(2);
    detach();
    inbox.put('evt-4');
    expect(taken).toEqual(['evt-2', 'evt-3']);
    expect(kept).toBe(3);
  });

  it('tells a listener that comes later of a request already kept', () => {
    const inbox = createAnswerInbox();
    inbox.put('evt-1');
    let kept = 0;
    const stop = inbox.onKept(() => kept++);
    expect(kept).toBe(1);
    stop();
    inbox.put('evt-2');
    expect(kept).toBe(1);
  });
});

describe('the answer inbox, read before a reload', () => {
  it('says which request it keeps until a session takes it', () => {
    const inbox = createAnswerInbox();
    expect(inbox.waiting()).toBeNull();
    inbox.put('evt-1');
    expect(inbox.waiting()).toBe('evt-1');
    inbox.deliverTo(() => {});
    expect(inbox.waiting()).toBeNull();
  });
});
