import { describe, expect, it } from 'vitest';
import { answerMessageEventId, listenForAnswerRequests, takeAnswerParam } from './answer-requests';

const EVENT_ID = '0192f3a4-5b6c-7d8e-9f01-23456789abcd';

function fakePage(href: string) {
  const page = {
    location: { href },
    history: {
      state: { kept: true },
      replaced: [] as string[],
      replaceState(_state: unknown, _unused: string, url?: string | URL | null) {
        page.history.replaced.push(String(url));
        page.location.href = new URL(String(url), href).href;
      },
    },
  };
  return page;
}

/** A service worker container whose messages the test posts. */
function fakeContainer() {
  const target = new EventTarget();
  return {
    started: 0,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    startMessages() {
      this.started++;
    },
    post(data: unknown) {
      target.dispatchEvent(Object.assign(new Event('message'), { data }));
    },
  };
}

describe('the answer requests a notification makes', () => {
  it('takes ?answer=<eventId> out of the address, keeping the rest', () => {
    const page = fakePage(`https://relay.example/?answer=${EVENT_ID}&x=1#top`);
    expect(takeAnswerParam(page.location, page.history)).toBe(EVENT_ID);
    expect(page.history.replaced).toEqual(['/?x=1#top']);
    expect(takeAnswerParam(page.location, page.history)).toBeNull();
  });

  it('leaves an address without it alone, and drops a value that is not an event id', () => {
    const plain = fakePage('https://relay.example/');
    expect(takeAnswerParam(plain.location, plain.history)).toBeNull();
    expect(plain.history.replaced).toEqual([]);
    const odd = fakePage('https://relay.example/?answer=%3Cscript%3E');
    expect(takeAnswerParam(odd.location, odd.history)).toBeNull();
    expect(odd.history.replaced).toEqual(['/']);
  });

  it("reads the service worker's message and nothing else", () => {
    expect(answerMessageEventId({ type: 'ringback.answer', eventId: EVENT_ID })).toBe(EVENT_ID);
    expect(answerMessageEventId({ type: 'other', eventId: EVENT_ID })).toBeNull();
    expect(answerMessageEventId({ type: 'ringback.answer', eventId: 7 })).toBeNull();
    expect(answerMessageEventId('ringback.answer')).toBeNull();
    expect(answerMessageEventId(null)).toBeNull();
  });

  it('hands on the address at start and every message while running, until stopped', () => {
    const page = fakePage(`https://relay.example/?answer=${EVENT_ID}`);
    const container = fakeContainer();
    const asked: string[] = [];
    const stop = listenForAnswerRequests({ ...page, serviceWorker: container }, (id) => asked.push(id));
    container.post({ type: 'ringback.answer', eventId: 'evt-2' });
    container.post({ type: 'ringback.other', eventId: 'evt-3' });
    expect(asked).toEqual([EVENT_ID, 'evt-2']);
    expect(container.started).toBe(1);
    stop();
    container.post({ type: 'ringback.answer', eventId: 'evt-4' });
    expect(asked).toEqual([EVENT_ID, 'evt-2']);
  });

  it('still reads the address in a browser without service workers', () => {
    const page = fakePage(`https://relay.example/?answer=${EVENT_ID}`);
    const asked: string[] = [];
    listenForAnswerRequests({ ...page, serviceWorker: undefined }, (id) => asked.push(id));
    expect(asked).toEqual([EVENT_ID]);
  });
});
