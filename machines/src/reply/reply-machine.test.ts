import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { REPLY_SEND_DEADLINE_MS, replyMachine } from './reply-machine';
import { ReplyRefusedError, type ReplySendResult } from './reply-types';

type Answer = ReplySendResult | Error | 'hang';

/** The machine with a relay that answers each post as the test says, recording every post. */
function harness(answers: Answer[]) {
  const posts: { replyId: string; text: string }[] = [];
  const machine = replyMachine.provide({
    actors: {
      sendReply: fromPromise(async ({ input }) => {
        posts.push({ replyId: input.replyId, text: input.text });
        const answer = answers.shift() ?? { status: 'queued' };
        if (answer === 'hang') return new Promise<ReplySendResult>(() => {});
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const start = (snapshot?: unknown) =>
    createActor(machine, {
      input: { eventId: 'evt-1', defaultText: 'OK, go on.' },
      ...(snapshot ? { snapshot: snapshot as never } : {}),
    }).start();
  return { posts, start };
}

const refresh = (actor: { getPersistedSnapshot(): unknown; stop(): void }) => {
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  actor.stop();
  return persisted;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('replyMachine', () => {
  it('sends the words once and follows the relay to delivery', async () => {
    const { posts, start } = harness([{ status: 'queued' }]);
    const reply = start();
    reply.send({ type: 'reply.send', text: 'Update the changelog.', replyId: 'r-1' });
    expect(reply.getSnapshot().value).toBe('sending');
    await vi.advanceTimersByTimeAsync(0);
    expect(reply.getSnapshot().value).toBe('queued');
    reply.send({ type: 'reply.progress', replyId: 'r-1', status: 'dispatched' });
    // A frame that comes late never moves it back.
    reply.send({ type: 'reply.progress', replyId: 'r-1', status: 'queued' });
    expect(reply.getSnapshot().value).toBe('dispatched');
    reply.send({ type: 'reply.progress', replyId: 'r-1', status: 'delivered' });
    expect(reply.getSnapshot().status).toBe('done');
    expect(posts).toEqual([{ replyId: 'r-1', text: 'Update the changelog.' }]);
  });

  it('refuses to send nothing', () => {
    const { posts, start } = harness([]);
    const reply = start();
    reply.send({ type: 'reply.send', text: '   ', replyId: 'r-1' });
    expect(reply.getSnapshot().value).toBe('editing');
    expect(posts).toEqual([]);
  });

  it('a failed post is unsent; Retry posts the same id and words again', async () => {
    const { posts, start } = harness([new Error('the relay at relay.example did not answer within 15 s')]);
    const reply = start();
    reply.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reply.getSnapshot().value).toBe('unsent');
    expect(reply.getSnapshot().context.reason).toBe('the relay at relay.example did not answer within 15 s');
    reply.send({ type: 'reply.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reply.getSnapshot().value).toBe('queued');
    expect(posts).toEqual([
      { replyId: 'r-1', text: 'Ship it.' },
      { replyId: 'r-1', text: 'Ship it.' },
    ]);
  });

  it('a post that hangs is unsent after its deadline, and can be skipped while it hangs', async () => {
    const { start } = harness(['hang', 'hang']);
    const reply = start();
    reply.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(REPLY_SEND_DEADLINE_MS);
    expect(reply.getSnapshot().value).toBe('unsent');
    expect(reply.getSnapshot().context.reason).toBe('the relay did not answer within 30 s');
    reply.send({ type: 'reply.retry' });
    reply.send({ type: 'reply.skip' });
    expect(reply.getSnapshot().value).toBe('skipped');
  });

  it('a reply being sent when the tab is killed is sent again on restore, with the same id', async () => {
    const { posts, start } = harness(['hang', { status: 'dispatched' }]);
    const before = start();
    before.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(0);
    const after = start(refresh(before));
    await vi.advanceTimersByTimeAsync(0);
    expect(after.getSnapshot().value).toBe('dispatched');
    expect(posts.map((post) => post.replyId)).toEqual(['r-1', 'r-1']);
  });

  it('an unsent reply and a draft survive a restore', async () => {
    const { start } = harness([new Error('offline')]);
    const draft = start();
    draft.send({ type: 'reply.draft', text: 'OK, go on, and' });
    const restoredDraft = start(refresh(draft));
    expect(restoredDraft.getSnapshot().value).toBe('editing');
    expect(restoredDraft.getSnapshot().context.defaultText).toBe('OK, go on, and');
    restoredDraft.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(0);
    const restored = start(refresh(restoredDraft));
    expect(restored.getSnapshot().value).toBe('unsent');
    expect(restored.getSnapshot().context).toMatchObject({
      text: 'Ship it.',
      replyId: 'r-1',
      reason: 'offline',
    });
  });

  it('a delivery the computer reports failed can be sent again as a new reply', async () => {
    const { posts, start } = harness([{ status: 'queued' }, { status: 'queued' }]);
    const reply = start();
    reply.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(0);
    reply.send({
      type: 'reply.progress',
      replyId: 'r-1',
      status: 'failed',
      reason: 'claude is not installed',
    });
    expect(reply.getSnapshot().value).toBe('failed');
    expect(reply.getSnapshot().context.reason).toBe('claude is not installed');
    reply.send({ type: 'reply.send', text: 'Ship it now.', replyId: 'r-2' });
    await vi.advanceTimersByTimeAsync(0);
    // Frames about the first reply no longer move this one.
    reply.send({ type: 'reply.progress', replyId: 'r-1', status: 'failed' });
    expect(reply.getSnapshot().value).toBe('queued');
    expect(posts.map((post) => post.replyId)).toEqual(['r-1', 'r-2']);
  });

  it('stops for good when another device answered the call', async () => {
    const answeredOn = { deviceId: 'd-phone', name: 'Phone' };
    const { posts, start } = harness([new ReplyRefusedError(answeredOn)]);
    const reply = start();
    reply.send({ type: 'reply.send', text: 'Ship it.', replyId: 'r-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reply.getSnapshot().value).toBe('refused');
    expect(reply.getSnapshot().context.answeredOn).toEqual(answeredOn);
    reply.send({ type: 'reply.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(1);
  });
});
