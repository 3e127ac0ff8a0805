import { describe, expect, it } from 'vitest';
import type { CommitInfo } from '../storage/sqlite-relay-store';
import { auth, injectRelay } from './relay-fixture';

describe('POST /v1/daemon/events under concurrency', () => {
  it('commits a burst of posts together, each answered with its own result', async () => {
    const commits: CommitInfo[] = [];
    const relay = await injectRelay({ onCommit: (info) => commits.push(info) });
    expect((await relay.postEvent('warm-up')).statusCode).toBe(201);
    commits.length = 0;

    const ids = Array.from({ length: 16 }, (_, i) => `burst-${i}`);
    const answers = await Promise.all(ids.map((id) => relay.postEvent(id)));
    expect(answers.map((answer) => [answer.statusCode, answer.json().eventId])).toEqual(
      ids.map((id) => [201, id]),
    );
    expect(commits).toEqual([{ writes: 16 }]);
  });

  it('refuses an event id that is not letters, digits, - and _ (400), so every push for it fits', async () => {
    const relay = await injectRelay();
    for (const eventId of ['😀'.repeat(64), '\u0001'.repeat(64), 'evt 1', 'evt:1']) {
      const answer = await relay.postEvent(eventId);
      expect(answer.statusCode, JSON.stringify(eventId)).toBe(400);
    }
    expect((await relay.postEvent('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(201);
  });

  it('stores one event id posted many times at once exactly once', async () => {
    const relay = await injectRelay();
    const answers = await Promise.all(Array.from({ length: 8 }, () => relay.postEvent('same')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(answers.filter((answer) => answer.json().repeat === true)).toHaveLength(7);
    const pending = await relay.app.inject({
      method: 'GET',
      url: '/v1/events/pending',
      headers: auth(relay.daemon),
    });
    expect(pending.json()).toMatchObject({ events: [{ eventId: 'same' }], latestId: 1 });
  });

  it('rings once for a tracker task two computers report at once', async () => {
    const relay = await injectRelay();
    const desktop = await relay.pair('daemon', 'Desktop');
    const report = (eventId: string, from: typeof desktop) =>
      relay.app.inject({
        method: 'POST',
        url: '/v1/daemon/tracker-reports',
        headers: auth(from),
        payload: {
          eventId,
          source: 'tracker',
          occurredAt: '2026-11-23T10:00:00.000Z',
          taskId: 'task-42',
          sealed: `e1.abcdefghijkl.${eventId}.c2VhbGVk`,
        },
      });
    const answers = await Promise.all([report('t-1', relay.daemon), report('t-2', desktop)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 409]);
    expect(answers[1]?.json().error).toBe('duplicate_task');
  });

  it("publishes a burst's stream frames in log order, whatever each route awaits after its write", async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    expect((await relay.postEvent('first')).statusCode).toBe(201);
    await relay.app.inject({
      method: 'POST',
      url: '/v1/events/first/status',
      headers: auth(phone),
      payload: { status: 'answered' },
    });
    await relay.app.inject({ method: 'GET', url: '/v1/devices', headers: auth(phone) });
    const sent: number[] = [];
    relay.hub.add(relay.daemon.accountId, {
      deviceId: 'observer',
      send: (seq) => sent.push(seq) > 0,
      close: () => {},
    });

    // The event post publishes after reading device names; the reply route publishes at once.
    const answers = await Promise.all([
      relay.postEvent('second'),
      relay.app.inject({
        method: 'POST',
        url: '/v1/events/first/replies',
        headers: auth(phone),
        payload: { replyId: 'r-1', sealed: 'e1.abcdefghijkl.reply' },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(sent).toEqual([3, 4]);
  });
});
