import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Aad, OpenError, open } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../storage/atomic-write';
import { COMPUTER, failureOf, outcomeOf, permissionWorld, REQUEST, standInRelay } from './permission-world';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: Parameters<typeof permissionWorld>[1] = {}) {
  const relay = await standInRelay();
  cleanups.push(() => relay.close());
  const world = await permissionWorld(relay, options);
  cleanups.push(() => world.close());
  return { relay, world };
}

/** The call the daemon posted for the waiting hook, opened as the app opens it. */
async function ringing(
  relay: Awaited<ReturnType<typeof standInRelay>>,
  world: Awaited<ReturnType<typeof setUp>>['world'],
) {
  await expect.poll(() => relay.posted.length).toBe(1);
  const body = relay.posted[0];
  if (!body) throw new Error('nothing posted');
  return { body, call: await world.openCall(body) };
}

describe('a permission request', () => {
  it('is posted at once, sealed under the report AAD with kind permission, and the decision reaches the hook', async () => {
    const { relay, world } = await setUp({ waitMs: 60_000 });
    const before = Date.now();
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);

    // Only the event id, the agent and a time are readable; the command is not.
    expect(Object.keys(body).sort()).toEqual(['eventId', 'occurredAt', 'sealed', 'source']);
    expect(body.source).toBe('claude-code');
    expect(JSON.stringify(body)).not.toContain('npm publish');
    await expect(open(world.key, body.sealed, Aad.reply(body.eventId))).rejects.toBeInstanceOf(OpenError);
    expect(call).toMatchObject({
      kind: 'permission',
      eventId: body.eventId,
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      computer: COMPUTER,
      language: 'en-US',
      request: REQUEST,
    });
    const waits = Date.parse(call.expiresAt) - Date.parse(call.occurredAt);
    expect(waits).toBe(60_000);
    expect(Date.parse(call.occurredAt)).toBeGreaterThanOrEqual(before - 1000);

    const decidedAt = Date.now() - 2_000;
    const result = await world.deliver(
      'r-1',
      body.eventId,
      await world.decision(call, { behavior: 'allow', decidedAt }),
    );
    expect(result).toEqual({
      type: 'reply-result',
      replyId: 'r-1',
      status: 'delivered',
      outcome: expect.stringMatching(/^e1\./),
    });
    // For the account's other devices: who decided what, sealed for this reply only.
    expect(await outcomeOf(world.key, result)).toEqual({
      kind: 'permission-outcome',
      eventId: body.eventId,
      behavior: 'allow',
      deviceName: "Anna's phone",
      decidedAt,
      // Spaces only, so an allow and a deny seal to one length.
      padding: expect.stringMatching(/^ +$/),
    });
    await expect(open(world.key, result.outcome ?? '', Aad.replyOutcome('r-2'))).rejects.toBeInstanceOf(
      OpenError,
    );
    await expect(open(world.key, result.outcome ?? '', Aad.replyError('r-1'))).rejects.toBeInstanceOf(
      OpenError,
    );
    expect(await answer).toEqual({
      status: 200,
      body: { decision: { behavior: 'allow' }, reason: 'decided' },
    });
    expect(relay.ended).toEqual([]);
    expect(world.resumed).toEqual([]);

    // One line for the request and one for its outcome, naming the deciding device, never the command.
    const lines = world.logger.lines.filter((line) => line.includes(body.eventId));
    expect(lines).toEqual([
      expect.stringMatching(/ringing, waits 60 s$/),
      expect.stringMatching(/claude-code, Bash\): allow by Anna's phone \(tap\)$/),
    ]);
    expect(world.logger.lines.join('\n')).not.toMatch(/npm publish|secret-subject|Publish the package/);
  });

  it("passes a deny's words to the hook, and refuses decisions for another request or call", async () => {
    const { relay, world } = await setUp();
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);

    // Sealed for another request of the same call: it does not open, and the hook keeps waiting.
    const otherRequest = await world.decision(
      call,
      {},
      Aad.permissionDecision(call.eventId, 'another-request'),
    );
    const refused = await world.deliver('r-1', body.eventId, otherRequest);
    expect(refused).toEqual({
      type: 'reply-result',
      replyId: 'r-1',
      status: 'failed',
      error: 'undecryptable_reply',
    });
    // An agent's reply to the call (reply AAD) does not open either.
    const asReply = await world.decision(call, {}, Aad.reply(call.eventId));
    expect((await world.deliver('r-2', body.eventId, asReply)).error).toBe('undecryptable_reply');
    // Under the right AAD but naming another call inside: refused, not taken.
    const forged = await world.decision(call, { eventId: 'another-call' });
    const named = await world.deliver('r-3', body.eventId, forged);
    expect(named.status).toBe('failed');
    expect(await failureOf(world.key, named)).toEqual({
      reason: 'the decision names another permission request',
    });

    const deny = await world.decision(call, { behavior: 'deny', message: 'Not on a Friday', via: 'voice' });
    const denied = await world.deliver('r-4', body.eventId, deny);
    expect(denied.status).toBe('delivered');
    // The other devices learn it was denied and by whom; the words stay between the decider and the agent.
    const outcome = await outcomeOf(world.key, denied);
    expect(outcome).toMatchObject({ behavior: 'deny', deviceName: "Anna's phone" });
    expect(JSON.stringify(outcome)).not.toContain('Not on a Friday');
    expect((await answer).body).toEqual({
      decision: { behavior: 'deny', message: 'Not on a Friday' },
      reason: 'decided',
    });
    expect(world.logger.lines.join('\n')).not.toContain('Not on a Friday');
  });

  it('seals the outcome of an allow and of a deny to the same length: the relay cannot tell them apart', async () => {
    const lengths: number[] = [];
    for (const fields of [
      { behavior: 'allow' },
      { behavior: 'deny', message: 'Not on a Friday.' },
    ] as const) {
      const { relay, world } = await setUp();
      const answer = world.ask();
      const { body, call } = await ringing(relay, world);
      const result = await world.deliver('r-1', body.eventId, await world.decision(call, fields));
      expect(result.status).toBe('delivered');
      lengths.push(result.outcome?.length ?? 0);
      expect(await outcomeOf(world.key, result)).toMatchObject({ behavior: fields.behavior });
      await answer;
    }
    expect(lengths[0]).toBeGreaterThan(0);
    expect(lengths[1]).toBe(lengths[0]);
  });

  it('takes the first decision only: a second is already_decided, a repeat of the first its own result', async () => {
    const { relay, world } = await setUp();
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);
    const first = await world.deliver('r-1', body.eventId, await world.decision(call, { behavior: 'deny' }));
    const second = await world.deliver(
      'r-2',
      body.eventId,
      await world.decision(call, { behavior: 'allow' }),
    );
    expect(first.status).toBe('delivered');
    expect(second.status).toBe('failed');
    expect((await failureOf(world.key, second))?.code).toBe('already_decided');
    expect(await world.deliver('r-1', body.eventId, 'e1.whatever')).toEqual(first);
    expect((await answer).body).toEqual({ decision: { behavior: 'deny' }, reason: 'decided' });
  });

  it('refuses an allow for a request the phone could not show whole: no decision, and the phone is told', async () => {
    const { relay, world } = await setUp();
    const answer = world.ask({ ...REQUEST, complete: false });
    const { body, call } = await ringing(relay, world);
    expect(call.request.complete).toBe(false);

    const allowed = await world.deliver(
      'r-1',
      body.eventId,
      await world.decision(call, { behavior: 'allow' }),
    );
    expect(allowed.status).toBe('failed');
    expect(await failureOf(world.key, allowed)).toEqual({
      reason: 'The request is too long to show in full: answer it at the computer.',
      code: 'incomplete',
    });
    // The agent's own prompt takes over at once; nothing allows.
    expect((await answer).body).toEqual({ decision: null, reason: 'incomplete' });
    expect(world.logger.lines.join('\n')).toMatch(
      /an allow by Anna's phone refused: the request is not shown whole on a phone/,
    );
  });

  it('takes a deny for a request the phone could not show whole', async () => {
    const { relay, world } = await setUp();
    const answer = world.ask({ ...REQUEST, complete: false });
    const { body, call } = await ringing(relay, world);
    const denied = await world.deliver(
      'r-1',
      body.eventId,
      await world.decision(call, { behavior: 'deny', message: 'Not now' }),
    );
    expect(denied.status).toBe('delivered');
    expect((await answer).body).toEqual({
      decision: { behavior: 'deny', message: 'Not now' },
      reason: 'decided',
    });
  });

  it('ends the call at the computer when the wait is over, and answers a later decision too_late', async () => {
    const { relay, world } = await setUp({ waitMs: 400 });
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);
    expect((await answer).body).toEqual({ decision: null, reason: 'timeout' });
    await expect.poll(() => relay.ended).toEqual([body.eventId]);

    const late = await world.deliver('r-1', body.eventId, await world.decision(call));
    expect(late.status).toBe('failed');
    expect((await failureOf(world.key, late))?.code).toBe('too_late');
    expect(world.resumed).toEqual([]);
  });

  it('answers too_late after a restart, never opening the decision as an agent reply', async () => {
    const { relay, world } = await setUp({ waitMs: 300 });
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);
    await answer;
    const sealed = await world.decision(call);
    await world.close();

    // The same data directory and key, a new process: the call is known from permissions.json only.
    const restarted = await permissionWorld(relay, { dataDir: world.dataDir, key: world.key });
    cleanups.push(() => restarted.close());
    expect(restarted.registry.owns(body.eventId)).toBe(true);
    const file = join(world.dataDir, 'permissions.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).not.toMatch(/npm publish|billing-api|Bash/);
    const late = await restarted.deliver('r-1', body.eventId, sealed);
    expect(late.status).toBe('failed');
    expect((await failureOf(world.key, late))?.code).toBe('too_late');
    expect(restarted.resumed).toEqual([]);
  });

  it('answers a decision replayed after a crash at any write as the hook saw it: delivered with the same outcome, or too_late', async () => {
    const relay = await standInRelay();
    cleanups.push(() => relay.close());
    // The daemon dies after `survived` writes (of permissions.json and replies.json, in order): the
    // write after them never completes, and nothing later reaches the disk.
    const heardAfter: boolean[] = [];
    for (const survived of [1, 2, 3]) {
      let writes = 0;
      const real = (path: string, data: string) => writeFileAtomic(path, data);
      const write = (path: string, data: string) =>
        ++writes > survived ? new Promise<void>(() => undefined) : real(path, data);
      const world = await permissionWorld(relay, { write });
      const hook = new AbortController();
      let heard: unknown = null;
      void world
        .ask(REQUEST, { signal: hook.signal })
        .then((answer) => {
          heard = answer.body;
        })
        .catch(() => undefined);
      await expect.poll(() => relay.posted.length).toBe(survived);
      const body = relay.posted[survived - 1];
      if (!body) throw new Error('nothing posted');
      const call = await world.openCall(body);
      const decidedAt = Date.now();
      const sealed = await world.decision(call, { behavior: 'allow', decidedAt });
      void world.deliver('r-1', body.eventId, sealed).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The crash: the hook's connection goes with the process.
      hook.abort();
      await world.close();

      const restarted = await permissionWorld(relay, { dataDir: world.dataDir, key: world.key });
      cleanups.push(() => restarted.close());
      const replayed = await restarted.deliver('r-1', body.eventId, sealed);
      heardAfter.push(heard !== null);
      if (heard !== null) {
        expect(heard, `after ${survived} writes`).toEqual({
          decision: { behavior: 'allow' },
          reason: 'decided',
        });
        expect(replayed.status, `after ${survived} writes`).toBe('delivered');
        expect(await outcomeOf(world.key, replayed)).toEqual({
          kind: 'permission-outcome',
          eventId: body.eventId,
          behavior: 'allow',
          deviceName: "Anna's phone",
          decidedAt,
          padding: expect.stringMatching(/^ +$/),
        });
      } else {
        expect(replayed.status, `after ${survived} writes`).toBe('failed');
        expect((await failureOf(world.key, replayed))?.code).toBe('too_late');
      }
      // Another device's decision after the restart is already_decided when the hook had one.
      const other = await restarted.deliver(
        'r-2',
        body.eventId,
        await world.decision(call, { behavior: 'deny' }),
      );
      expect((await failureOf(world.key, other))?.code).toBe(heard === null ? 'too_late' : 'already_decided');
    }
    // Dead before the decision was written down, the hook never hears it; after, it does.
    expect(heardAfter).toEqual([false, true, true]);
  });

  it("takes a decision that comes while the call's post is being retried (the relay stored it, its answer was lost)", async () => {
    const { relay, world } = await setUp({ postDeadlineMs: 10_000 });
    relay.setMode('lost');
    const started = Date.now();
    const answer = world.ask();
    const { body, call } = await ringing(relay, world);
    const result = await world.deliver(
      'r-1',
      body.eventId,
      await world.decision(call, { behavior: 'deny', message: 'Not now' }),
    );
    expect(result.status).toBe('delivered');
    expect((await answer).body).toEqual({
      decision: { behavior: 'deny', message: 'Not now' },
      reason: 'decided',
    });
    // At once, not when the post's retries give up.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(relay.ended).toEqual([]);
  });

  it('answers timeout when the wait runs out while the call is still being posted', async () => {
    const { relay, world } = await setUp({ postDeadlineMs: 10_000, waitMs: 500 });
    relay.setMode('unavailable');
    const started = Date.now();
    expect((await world.ask()).body).toEqual({ decision: null, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends the call at the computer when the hook goes away, and a decision then is too_late', async () => {
    const { relay, world } = await setUp();
    const hook = new AbortController();
    const answer = world.ask(REQUEST, { signal: hook.signal }).catch((error: Error) => error.name);
    const { body, call } = await ringing(relay, world);
    hook.abort();
    expect(await answer).toBe('AbortError');
    await expect.poll(() => relay.ended).toEqual([body.eventId]);
    expect(
      world.logger.lines.some((line) => line.includes(`${body.eventId} (claude-code, Bash): hook gone`)),
    ).toBe(true);
    const late = await world.deliver('r-1', body.eventId, await world.decision(call));
    expect((await failureOf(world.key, late))?.code).toBe('too_late');
  });

  it('answers at once without a relay write when the gate does not ring', async () => {
    for (const reason of ['at_desk', 'disabled'] as const) {
      const { relay, world } = await setUp({ gate: { check: async () => ({ ring: false, reason }) } });
      const started = Date.now();
      expect((await world.ask()).body).toEqual({ decision: null, reason });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(relay.posted).toEqual([]);
    }
  });

  it('answers not_paired at once without an e2e key', async () => {
    const { relay, world } = await setUp({ noKey: true });
    expect((await world.ask()).body).toEqual({ decision: null, reason: 'not_paired' });
    expect(relay.posted).toEqual([]);
  });

  it('gives up on a relay that answers 503 within the bound: relay_unreachable, no decision', async () => {
    const { relay, world } = await setUp({ postDeadlineMs: 1_500 });
    relay.setMode('unavailable');
    const started = Date.now();
    expect((await world.ask()).body).toEqual({ decision: null, reason: 'relay_unreachable' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(4_000);
  });

  it('gives up on a relay nobody listens at within the bound', async () => {
    const closed = await standInRelay();
    const url = closed.url;
    await closed.close();
    const { world } = await setUp({ postDeadlineMs: 1_000, relayUrl: url });
    const started = Date.now();
    expect((await world.ask()).body).toEqual({ decision: null, reason: 'relay_unreachable' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('is refused from a web page and when the agent named is not the one asking', async () => {
    const { relay, world } = await setUp();
    const fromPage = await world.ask(REQUEST, { headers: { origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    const mismatch = await world.ask(REQUEST, { agent: 'codex' });
    expect(mismatch.status).toBe(400);
    expect(relay.posted).toEqual([]);
  });
});
