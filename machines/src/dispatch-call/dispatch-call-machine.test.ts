import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dispatchCallMachine, LOOKUP_INTERVAL_MS } from './dispatch-call-machine';
import type { DispatchStatus, DispatchTarget, PreparedImage, UploadedImage } from './dispatch-call-types';

const NEW_ISSUE: DispatchTarget = { kind: 'issue', workspaceId: 'ws-1', projectId: 'p-1', agentId: 'a-1' };
const COMMENT: DispatchTarget = { kind: 'comment', workspaceId: 'ws-1', issueId: 'i-7' };
const image = (id: string): PreparedImage => ({ id, name: `${id}.png`, type: 'image/png', data: 'AAAA' });

/** A computer that records every call; each answer comes from a queue the test fills. */
function computer() {
  const calls: string[] = [];
  const uploads: (UploadedImage | Error)[] = [];
  const creates: (DispatchStatus | Error)[] = [];
  const lookups: (DispatchStatus | Error)[] = [];
  const cancels: (DispatchStatus | Error)[] = [];
  const next = <T>(queue: (T | Error)[], what: string): T => {
    const answer = queue.shift();
    if (!answer) throw new Error(`no ${what} answer queued`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const machine = dispatchCallMachine.provide({
    actors: {
      uploadImage: fromPromise(async ({ input }) => {
        calls.push(`upload ${input.image.id} to ${input.workspaceId}`);
        return next(uploads, 'upload');
      }),
      createDispatch: fromPromise(async ({ input }) => {
        calls.push(
          `dispatch ${input.target.kind} "${input.text}" with ${input.attachments.map((a) => a.id).join(',')}`,
        );
        return next(creates, 'dispatch');
      }),
      lookupDispatch: fromPromise(async ({ input }) => {
        calls.push(`lookup ${input.id}`);
        return next(lookups, 'lookup');
      }),
      cancelDispatch: fromPromise(async ({ input }) => {
        calls.push(`cancel ${input.id}`);
        return next(cancels, 'cancel');
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, uploads, creates, lookups, cancels };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('dispatchCallMachine', () => {
  it('uploads the images one by one, dispatches, and looks the call up every 3 s until the issue exists', async () => {
    const c = computer();
    c.uploads.push(
      { id: 'att-1', filename: 'a.png', markdownUrl: 'u1' },
      { id: 'att-2', filename: 'b.png', markdownUrl: 'u2' },
    );
    c.creates.push({ id: 'd-1', state: 'creating' });
    c.actor.send({
      type: 'submit',
      text: 'Fix the login',
      target: NEW_ISSUE,
      images: [image('a'), image('b')],
    });
    await settle();
    expect(c.calls).toEqual([
      'upload a to ws-1',
      'upload b to ws-1',
      'dispatch issue "Fix the login" with att-1,att-2',
    ]);
    expect(c.actor.getSnapshot().matches('calling')).toBe(true);
    expect(c.actor.getSnapshot().hasTag('waitingTone')).toBe(true);

    c.lookups.push({ id: 'd-1', state: 'creating' });
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS - 1);
    expect(c.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.calls.at(-1)).toBe('lookup d-1');

    c.lookups.push({ id: 'd-1', state: 'created', identifier: 'ACME-42', title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS);
    const done = c.actor.getSnapshot();
    expect(done.value).toBe('created');
    expect(done.hasTag('waitingTone')).toBe(false);
    expect(done.context.dispatch).toMatchObject({ identifier: 'ACME-42', title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS * 3);
    expect(c.calls.filter((call) => call.startsWith('lookup'))).toHaveLength(2);
  });

  it('sends words alone, and a comment is created at once without waiting', async () => {
    const c = computer();
    c.creates.push({ id: 'comment-1', state: 'created', identifier: 'ACME-7' });
    c.actor.send({ type: 'submit', text: 'Also cover logout', target: COMMENT, images: [] });
    await settle();
    expect(c.calls).toEqual(['dispatch comment "Also cover logout" with ']);
    expect(c.actor.getSnapshot().value).toBe('created');
  });

  it('keeps what was uploaded when an upload fails, and a retry sends only the rest', async () => {
    const c = computer();
    c.uploads.push(
      { id: 'att-1', filename: 'a.png', markdownUrl: 'u1' },
      new Error('The relay cannot be reached'),
    );
    c.actor.send({ type: 'submit', text: '', target: NEW_ISSUE, images: [image('a'), image('b')] });
    await settle();
    expect(c.actor.getSnapshot().value).toBe('notSent');
    expect(c.actor.getSnapshot().context.error).toBe('The relay cannot be reached');

    c.uploads.push({ id: 'att-2', filename: 'b.png', markdownUrl: 'u2' });
    c.creates.push({ id: 'd-2', state: 'creating' });
    c.actor.send({ type: 'retry' });
    await settle();
    expect(c.calls).toEqual([
      'upload a to ws-1',
      'upload b to ws-1',
      'upload b to ws-1',
      'dispatch issue "" with att-1,att-2',
    ]);
    expect(c.actor.getSnapshot().matches('calling')).toBe(true);
  });

  it('a refused dispatch says why and nothing more is sent', async () => {
    const c = computer();
    c.creates.push(new Error('The agent cannot take work now: agent runtime is offline'));
    c.actor.send({ type: 'submit', text: 'Go', target: NEW_ISSUE, images: [] });
    await settle();
    expect(c.actor.getSnapshot().value).toBe('notSent');
    expect(c.actor.getSnapshot().context.error).toMatch(/runtime is offline/);
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS * 2);
    expect(c.calls).toHaveLength(1);
    c.actor.send({ type: 'reset' });
    expect(c.actor.getSnapshot().value).toBe('editing');
    expect(c.actor.getSnapshot().context.request).toBeNull();
  });

  it('cancels while calling, once, and ends as the computer says', async () => {
    const c = computer();
    c.creates.push({ id: 'd-3', state: 'creating' });
    c.actor.send({ type: 'submit', text: 'Go', target: NEW_ISSUE, images: [] });
    await settle();
    c.cancels.push({ id: 'd-3', state: 'cancelled' });
    c.actor.send({ type: 'cancel' });
    c.actor.send({ type: 'cancel' });
    await settle();
    expect(c.calls.filter((call) => call.startsWith('cancel'))).toEqual(['cancel d-3']);
    expect(c.actor.getSnapshot().value).toBe('cancelled');
  });

  it('a cancel too late ends created: the issue already exists', async () => {
    const c = computer();
    c.creates.push({ id: 'd-4', state: 'creating' });
    c.actor.send({ type: 'submit', text: 'Go', target: NEW_ISSUE, images: [] });
    await settle();
    c.cancels.push({ id: 'd-4', state: 'created', identifier: 'ACME-9', title: 'Go' });
    c.actor.send({ type: 'cancel' });
    await settle();
    expect(c.actor.getSnapshot().value).toBe('created');
  });

  it('keeps calling through a lookup that fails, and ends failed when the task failed', async () => {
    const c = computer();
    c.creates.push({ id: 'd-5', state: 'creating' });
    c.actor.send({ type: 'submit', text: 'Go', target: NEW_ISSUE, images: [] });
    await settle();
    c.lookups.push(new Error('Your computer did not answer in time'));
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS);
    expect(c.actor.getSnapshot().matches('calling')).toBe(true);
    c.lookups.push({
      id: 'd-5',
      state: 'failed',
      failureReason: 'the agent finished without creating an issue',
    });
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS);
    expect(c.actor.getSnapshot().value).toBe('failed');
    expect(c.actor.getSnapshot().context.dispatch?.failureReason).toMatch(/without creating/);
  });

  it('refuses what does not fit: no second submit while sending, no cancel before calling, no retry when editing', async () => {
    const c = computer();
    expect(c.actor.getSnapshot().can({ type: 'cancel' })).toBe(false);
    expect(c.actor.getSnapshot().can({ type: 'retry' })).toBe(false);
    c.creates.push({ id: 'd-6', state: 'creating' });
    c.actor.send({ type: 'submit', text: 'One', target: NEW_ISSUE, images: [] });
    expect(c.actor.getSnapshot().can({ type: 'submit', text: 'Two', target: NEW_ISSUE, images: [] })).toBe(
      false,
    );
    await settle();
    expect(c.calls).toEqual(['dispatch issue "One" with ']);
  });
});
