import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, Workspace } from '../../../../test/src/fakes/fake-tracker/index';
import { createTrackerClient, type TrackerClient, TrackerRequestError } from '../api';
import type { TrackerFinishedReport } from './task-report';
import { asSetting, eventually, type Harness, pause, startHarness, taskListReads } from './watch-harness';
import { TRACKER_WATCH_FILE } from './watch-store';

let h: Harness;
let ws: Workspace;
let agent: Agent;

beforeEach(async () => {
  h = await startHarness();
  ws = h.tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  agent = h.tracker.addAgent(ws.id, { name: 'Coder' }).agent;
  if (h.config) h.config.workspaces = [asSetting(ws)];
});
afterEach(() => h.close());

function issueTask(title: string) {
  const issue = h.tracker.addIssue(ws.id, {
    title,
    assignee: { type: 'agent', id: agent.id },
    enqueueTask: true,
  });
  const task = h.tracker.tasks({ issueId: issue.id })[0];
  if (!task) throw new Error('no task queued');
  return { issue, task };
}

/** The real client on the fake, except that reading one issue always fails with a 500. */
function clientFailingOn(issueId: string, calls: { count: number }) {
  return (token: string): TrackerClient => {
    const real = createTrackerClient({
      baseUrl: h.tracker.url,
      token,
      logger: h.logger,
      sleep: async () => {},
    });
    return {
      ...real,
      getIssue: async (workspaceId, id) => {
        if (id !== issueId) return real.getIssue(workspaceId, id);
        calls.count++;
        throw new TrackerRequestError({
          kind: 'http',
          method: 'GET',
          path: `/api/issues/${id}`,
          status: 500,
          detail: 'failed to load issue',
        });
      },
    };
  };
}

async function savedWatchFile() {
  return JSON.parse(await readFile(join(h.dataDir, TRACKER_WATCH_FILE), 'utf8')) as {
    workspaces: Record<string, { watermark: string }>;
    handled: string[];
    attempts: Record<string, number>;
  };
}

/** Waits (with a deadline) until `tracker-watch.json` holds this watermark for the workspace. */
async function watermarkBecomes(iso: string): Promise<void> {
  const deadline = Date.now() + 4_000;
  while ((await savedWatchFile().catch(() => null))?.workspaces[ws.id]?.watermark !== iso) {
    if (Date.now() > deadline) throw new Error(`watermark never became ${iso}`);
    await pause(10);
  }
}

const wholeSecond = (ms: number | null) => new Date(Math.floor((ms ?? 0) / 1000) * 1000).toISOString();

async function connected(overrides: Parameters<Harness['startWatcher']>[0]) {
  const reads = taskListReads(h.tracker);
  const watcher = await h.startWatcher(overrides);
  await eventually(() => watcher.statuses()[0]?.state === 'connected');
  await eventually(() => taskListReads(h.tracker) > reads);
  return watcher;
}

describe('TrackerWatcher: a task whose report always fails', () => {
  it('is given up after the attempt limit, logged, marked handled, and the watermark moves past it', async () => {
    const poison = issueTask('Unreadable');
    const calls = { count: 0 };
    const watcher = await connected({
      client: clientFailingOn(poison.issue.id, calls),
      maxReportAttempts: 3,
    });
    h.tracker.completeTask(poison.task.id, { comment: 'Never heard.' });
    h.setClockOffset(2_000);
    const { task } = issueTask('Readable');
    h.tracker.completeTask(task.id, { comment: 'Heard.' });

    const line = await eventually(() => h.logger.lines.find((l) => l.includes('giving up on tracker task')));
    expect(line).toBe(
      `error giving up on tracker task ${poison.task.id} of workspace Acme (${ws.id}) after 3 failed attempts: ` +
        `tracker GET /api/issues/${poison.issue.id} answered 500: failed to load issue; it will not ring`,
    );
    expect(calls.count).toBe(3);
    expect(
      h.logger.lines.filter((l) => l.includes(`${poison.task.id}`) && l.includes('attempt 2 of 3')),
    ).toHaveLength(1);
    expect(h.reports.map((r) => r.taskId)).toEqual([task.id]);

    // Past the poison task: the catch-up read that gave up on it leaves the watermark at the newest completion.
    await watermarkBecomes(wholeSecond(task.completedAt));
    await watcher.stop();
    const saved = await savedWatchFile();
    expect(saved.handled).toEqual(expect.arrayContaining([poison.task.id, task.id]));
    expect(saved.attempts).toEqual({});
    expect(wholeSecond(task.completedAt) > wholeSecond(poison.task.completedAt)).toBe(true);

    // A restart does not try it again.
    await connected({ client: clientFailingOn(poison.issue.id, calls), maxReportAttempts: 3 });
    await pause(300);
    expect(calls.count).toBe(3);
    expect(h.reports.map((r) => r.taskId)).toEqual([task.id]);
  });

  it('keeps counting attempts across a restart', async () => {
    const poison = issueTask('Unreadable');
    const calls = { count: 0 };
    const first = await connected({ client: clientFailingOn(poison.issue.id, calls), maxReportAttempts: 3 });
    h.tracker.completeTask(poison.task.id);
    await eventually(() => calls.count === 2);
    await first.stop();
    expect((await savedWatchFile()).attempts).toEqual({ [poison.task.id]: 2 });

    await connected({ client: clientFailingOn(poison.issue.id, calls), maxReportAttempts: 3 });
    await eventually(() =>
      h.logger.lines.some((l) => l.includes(`giving up on tracker task ${poison.task.id}`)),
    );
    expect(calls.count).toBe(3);
  });

  it('does not count its own outbox failing as an attempt', async () => {
    let refusals = 3;
    const delivered: string[] = [];
    await connected({
      maxReportAttempts: 1,
      onFinished: async (report) => {
        if (refusals-- > 0) throw new Error('outbox write failed: ENOSPC');
        delivered.push(report.taskId);
      },
    });
    const { task } = issueTask('Disk full for a while');
    h.tracker.completeTask(task.id, { comment: 'Done.' });
    await eventually(() => delivered.length === 1);
    expect(delivered).toEqual([task.id]);
    expect(h.logger.lines.some((l) => l.includes('giving up'))).toBe(false);
  });
});

describe('TrackerWatcher: a long catch-up read', () => {
  it('moves the watermark past each page of handled tasks before the read is over', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const finished: TrackerFinishedReport[] = [];
    const tasks = [1, 2, 3, 4, 5].map((n) => issueTask(`Task ${n}`).task);
    const fourth = tasks[3]?.id;
    const watcher = await connected({
      catchUpPageSize: 2,
      onFinished: async (report) => {
        if (report.taskId === fourth) await gate;
        finished.push(report);
      },
    });
    h.tracker.refuseSockets(true);
    h.tracker.dropSockets();
    await eventually(() => watcher.statuses()[0]?.state === 'disconnected');
    // One per second, so each has its own place in the tracker's whole-second clock.
    tasks.forEach((task, i) => {
      h.setClockOffset((i + 1) * 1_000);
      h.tracker.completeTask(task.id, { comment: `Done ${i + 1}.` });
    });
    h.tracker.refuseSockets(false);

    // The fourth task is in the second page ([3, 4]); the first page is behind the watermark already.
    await eventually(() => finished.length === 3);
    const during = await savedWatchFile();
    expect(during.workspaces[ws.id]?.watermark).toBe(wholeSecond(tasks[2]?.completedAt ?? null));
    release();
    await eventually(() => finished.length === 5);
    await watcher.stop();
    const after = await savedWatchFile();
    expect(after.workspaces[ws.id]?.watermark).toBe(wholeSecond(tasks[4]?.completedAt ?? null));
    expect(finished.map((r) => r.taskId)).toEqual(tasks.map((t) => t.id));
  });
});
