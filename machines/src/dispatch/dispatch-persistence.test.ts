import { afterEach, describe, expect, it } from 'vitest';
import {
  commentInput,
  type DispatchHarness,
  iso,
  issue,
  issueInput,
  startWith,
  T0,
  task,
} from './dispatch-harness';
import { isRestorableDispatch } from './dispatch-persistence';
import { dispatchView } from './dispatch-view';

const started: DispatchHarness[] = [];
afterEach(() => {
  for (const { actor } of started.splice(0)) actor.stop();
});

function track(harness: DispatchHarness): DispatchHarness {
  started.push(harness);
  return harness;
}

/** What `dispatches.json` keeps: the persisted snapshot, through JSON as the file holds it. */
function saved(harness: DispatchHarness): unknown {
  const persisted = JSON.parse(JSON.stringify(harness.actor.getPersistedSnapshot()));
  harness.actor.stop();
  return persisted;
}

describe('dispatch persistence', () => {
  it('restores a creating dispatch mid-way, keeping the first-seen completion time', () => {
    const before = track(startWith({ input: issueInput() }));
    before.actor.send({ type: 'task.observed', task: task({ status: 'completed' }), now: T0 + 20_000 });
    const persisted = saved(before);
    expect(isRestorableDispatch(persisted)).toBe(true);

    const after = track(startWith({ persisted }));
    expect(after.actor.getSnapshot().value).toBe('creating');
    expect(after.actor.getSnapshot().context).toEqual(before.actor.getSnapshot().context);
    after.actor.send({ type: 'task.observed', task: task({ status: 'completed' }), now: T0 + 80_000 });
    expect(after.actor.getSnapshot().value).toBe('failed');
  });

  it('restores a created dispatch that keeps refreshing', () => {
    const before = track(startWith({ input: issueInput() }));
    before.actor.send({
      type: 'task.observed',
      task: task({ status: 'completed', issueId: 'issue-7', completedAt: iso(T0 + 5_000) }),
      now: T0 + 6_000,
    });
    before.actor.send({ type: 'issue.observed', issue: issue() });
    const view = dispatchView(before.actor.getSnapshot());

    const after = track(startWith({ persisted: saved(before) }));
    expect(dispatchView(after.actor.getSnapshot())).toEqual(view);
    after.actor.send({
      type: 'issue.observed',
      issue: issue({ status: 'done', updatedAt: iso(T0 + 120_000) }),
    });
    expect(dispatchView(after.actor.getSnapshot())).toMatchObject({ state: 'created', status: 'done' });
  });

  it('restores a finished dispatch as done', () => {
    const before = track(startWith({ input: issueInput() }));
    before.actor.send({ type: 'cancel.confirmed' });
    const after = track(startWith({ persisted: saved(before) }));
    expect(after.actor.getSnapshot().status).toBe('done');
    expect(dispatchView(after.actor.getSnapshot()).state).toBe('cancelled');
  });

  it('refuses what it cannot restore', () => {
    const good = saved(track(startWith({ input: commentInput() }))) as { context: object };
    expect(isRestorableDispatch(good)).toBe(true);
    for (const bad of [
      null,
      'created',
      { ...good, value: 'cancelling' },
      { ...good, status: 'error' },
      { ...good, context: { ...good.context, schemaVersion: 2 } },
      { ...good, context: { ...good.context, kind: 'chat' } },
    ])
      expect(isRestorableDispatch(bad)).toBe(false);
    expect(() => startWith({ persisted: { value: 'creating' } })).toThrow('not a restorable dispatch record');
  });
});
