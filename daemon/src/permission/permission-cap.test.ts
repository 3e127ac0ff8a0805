// A runaway agent loop must not hold hundreds of requests open nor ring hundreds of calls: the
// daemon holds at most 32 requests waiting for the phone, 4 per agent session; beyond that the
// hook gets "no decision" (busy) at once, no call is posted, and the log says so once.
import { afterEach, describe, expect, it } from 'vitest';
import { permissionWorld, REQUEST, standInRelay } from './permission-world';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const relay = await standInRelay();
  cleanups.push(() => relay.close());
  const world = await permissionWorld(relay, { waitMs: 60_000 });
  const hooks = new AbortController();
  cleanups.push(async () => {
    hooks.abort();
    await world.close();
  });
  /** A hook asking for `sessionId`, left waiting; its answer when it gets one. */
  const waiting = (sessionId: string) =>
    world.ask({ ...REQUEST, sessionId }, { signal: hooks.signal }).catch(() => 'gone' as const);
  return { relay, world, waiting };
}

/** The line that says requests are refused busy. */
const busyLines = (lines: string[]) => lines.filter((line) => /: busy, /.test(line));

describe('requests waiting at once', () => {
  it('are at most 4 per agent session: the 5th is busy at once and rings nobody', async () => {
    const { relay, world, waiting } = await setUp();
    for (let i = 0; i < 4; i += 1) void waiting('loop');
    await expect.poll(() => relay.posted.length).toBe(4);

    const started = Date.now();
    const fifth = await world.ask({ ...REQUEST, sessionId: 'loop' });
    expect(fifth).toEqual({ status: 200, body: { decision: null, reason: 'busy' } });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await world.ask({ ...REQUEST, sessionId: 'loop' })).body.reason).toBe('busy');
    // Another session of the same agent still rings.
    void waiting('other');
    await expect.poll(() => relay.posted.length).toBe(5);
    expect(relay.posted).toHaveLength(5);
    // One line for the refusals in a row, not one per request.
    expect(busyLines(world.logger.lines)).toHaveLength(1);
    expect(world.logger.lines).toContainEqual(
      expect.stringMatching(/no longer busy; 2 were refused busy meanwhile$/),
    );

    // Once one of the session's calls is decided, the session may ask again.
    const first = relay.posted[0];
    if (!first) throw new Error('nothing posted');
    const call = await world.openCall(first);
    expect((await world.deliver('r-1', call.eventId, await world.decision(call))).status).toBe('delivered');
    void waiting('loop');
    await expect.poll(() => relay.posted.length).toBe(6);
  });

  it('are at most 32 in all, whatever the sessions', async () => {
    const { relay, world, waiting } = await setUp();
    for (let session = 0; session < 8; session += 1)
      for (let i = 0; i < 4; i += 1) void waiting(`session-${session}`);
    await expect.poll(() => relay.posted.length, { timeout: 10_000 }).toBe(32);
    for (let i = 0; i < 3; i += 1)
      expect((await world.ask({ ...REQUEST, sessionId: `fresh-${i}` })).body).toEqual({
        decision: null,
        reason: 'busy',
      });
    expect(relay.posted).toHaveLength(32);
    expect(busyLines(world.logger.lines)).toHaveLength(1);
  });
});
