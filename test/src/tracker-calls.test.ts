import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Aad,
  type AgentEventPlaintext,
  type DeviceCredentials,
  generateE2eKey,
  open,
  type RelayedEvent,
  seal,
} from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { type FakeTracker, startFakeTracker } from './fakes/fake-tracker/index';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { answerCall } from './support/relay-requests';
import { sealSettingsRequest, sendSettingsRequest } from './support/relayed-settings';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A 1×1 PNG: what a phone sends after preparing a dispatch image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Computer {
  daemon: DaemonProcess;
  dataDir: string;
  credentials: DeviceCredentials;
  local(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/** Two computers and a phone on one account, one e2e key, every daemon pointed at the fake Multica. */
async function setUp() {
  const tracker = await startFakeTracker({ autoRunMs: false });
  cleanups.push(() => tracker.close());
  const llm = await startFakeLlm();
  cleanups.push(() => llm.close());
  llm.setDefault({ json: plainBrief('The agent fixed the login redirect, {form-of-address}.') });
  const relay = await startRelayProcess();
  cleanups.push(() => relay.kill());
  const key = generateE2eKey();
  const laptop = await relay.createAccount('daemon', 'Laptop');
  const desktop = await relay.pair(laptop, 'daemon', 'Desktop');
  const phone = await relay.pair(laptop, 'app', 'Phone');
  const computer = async (credentials: DeviceCredentials): Promise<Computer> => {
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        e2e: { key, source: 'key', updatedAt: new Date().toISOString() },
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-test-0000', model: 'fake-1' } },
      },
      deviceToken: credentials.deviceToken,
    });
    const daemon = await startDaemonProcess(dataDir, { RINGBACK_TRACKER_API_URL: tracker.url });
    cleanups.push(() => daemon.kill('SIGTERM'));
    const localKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
    return {
      daemon,
      dataDir,
      credentials,
      async local(method, path, body) {
        const response = await fetch(`${daemon.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${localKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: await response.json() };
      },
    };
  };
  const computers = [await computer(laptop), await computer(desktop)];
  const workspace = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  const project = tracker.addProject(workspace.id, { title: 'Web app' });
  const { agent } = tracker.addAgent(workspace.id, { name: 'Coder' });
  return { tracker, relay, key, phone, computers, workspace, project, agent };
}

async function pendingEvents(relay: RelayProcess, phone: DeviceCredentials): Promise<RelayedEvent[]> {
  const response = await fetch(`${relay.url}/v1/events/pending`, {
    headers: { authorization: `Bearer ${phone.deviceToken}` },
  });
  return ((await response.json()) as { events: RelayedEvent[] }).events;
}

async function watchBoth(computers: Computer[], tracker: FakeTracker, workspaceId: string): Promise<void> {
  for (const computer of computers) {
    const saved = await computer.local('PUT', '/tracker/settings', {
      token: tracker.token,
      workspaceIds: [workspaceId],
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(tracker.token);
  }
  for (const computer of computers) {
    await waitFor(
      async () => {
        const { body } = await computer.local('GET', '/tracker/settings');
        return (
          (body as { status: { workspaces: { state: string }[] } }).status.workspaces[0]?.state ===
          'connected'
        );
      },
      60_000,
      'the realtime connection',
    );
  }
}

describe('Multica calls through real daemons and a real relay', () => {
  it('a finished agent task rings once on the account even when two computers watch it, and a reply becomes a comment', async () => {
    const { tracker, relay, key, phone, computers, workspace, project, agent } = await setUp();
    await watchBoth(computers, tracker, workspace.id);

    const issue = tracker.addIssue(workspace.id, {
      title: 'Fix the login redirect',
      priority: 'high',
      projectId: project.id,
      status: 'todo',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    const [task] = tracker.tasks({ issueId: issue.id });
    if (!task) throw new Error('no task was queued for the issue');
    tracker.completeTask(task.id, { comment: 'I fixed the redirect and added a regression test.' });

    await waitFor(async () => (await pendingEvents(relay, phone)).length > 0, 60_000, 'the tracker call');
    // Both computers report the task; the relay keeps one (409 duplicate_task for the other).
    await waitFor(
      async () => {
        const statuses = await Promise.all(computers.map((c) => c.local('GET', '/status')));
        return statuses.every((s) => (s.body as { outbox: { pending: number } }).outbox.pending === 0);
      },
      60_000,
      'both outboxes to drain',
    );
    const events = await pendingEvents(relay, phone);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ source: 'tracker', taskId: task.id });
    const opened = JSON.parse(
      await open(key, event?.sealed ?? '', Aad.report(event?.eventId ?? '')),
    ) as AgentEventPlaintext;
    expect(opened.report).toMatchObject({
      source: 'tracker',
      workspaceId: workspace.id,
      workspaceName: 'Acme',
      issueId: issue.id,
      identifier: `ACME-${issue.number}`,
      title: 'Fix the login redirect',
      project: 'Web app',
      priority: 'high',
      agentName: 'Coder',
      taskId: task.id,
      text: 'I fixed the redirect and added a regression test.',
    });
    expect(opened.brief.status).toBe('ready');

    // The phone replies after hang-up: the words become a comment on the issue, posted once.
    const eventId = event?.eventId ?? '';
    const sealed = await seal(
      key,
      JSON.stringify({
        eventId,
        source: 'tracker',
        workspaceId: workspace.id,
        issueId: issue.id,
        text: 'Also cover the logout path.',
      }),
      Aad.reply(eventId),
    );
    await answerCall(relay.url, phone.deviceToken, eventId);
    const sent = await fetch(`${relay.url}/v1/events/${eventId}/replies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ replyId: 'reply-1', sealed }),
    });
    expect(sent.status).toBe(201);
    const commentPosts = () =>
      tracker.requests.filter((r) => r.method === 'POST' && r.path === `/api/issues/${issue.id}/comments`);
    await waitFor(async () => commentPosts().length === 1, 60_000, 'the reply comment');
    expect(commentPosts()[0]?.body).toEqual({ content: 'Also cover the logout path.' });
    const comments = [...tracker.state.comments.values()].filter((c) => c.issueId === issue.id);
    expect(
      comments.some((c) => c.content === 'Also cover the logout path.' && c.authorType === 'member'),
    ).toBe(true);
  });

  it('a phone with no local daemon dispatches work with an image through the relay and follows it to the created issue', async () => {
    const { tracker, relay, key, phone, computers, workspace, project, agent } = await setUp();
    const [laptop] = computers;
    if (!laptop) throw new Error('no computer');
    await watchBoth([laptop], tracker, workspace.id);
    const relayed = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const answer = await sendSettingsRequest(
        relay.url,
        phone.deviceToken,
        laptop.credentials.deviceId,
        await sealSettingsRequest(key, laptop.credentials.deviceId, {
          method,
          path,
          ...(body === undefined ? {} : { body }),
        }),
        key,
      );
      if (!answer.result) throw new Error(`no answer: ${answer.status} ${answer.error}`);
      return answer.result as { status: number; body: Record<string, unknown> };
    };

    const options = await relayed('GET', '/tracker/dispatch/options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      projects: [expect.objectContaining({ id: project.id, title: 'Web app' })],
      agents: [expect.objectContaining({ id: agent.id, name: 'Coder', online: true })],
    });
    const upload = await relayed('POST', '/tracker/uploads', {
      name: 'screen.png',
      type: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(upload.status).toBe(200);
    const attachment = upload.body.attachment as { id: string; filename: string; markdownUrl: string };
    expect(attachment.markdownUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/attachments\//);

    const created = await relayed('POST', '/tracker/dispatches', {
      projectId: project.id,
      agentId: agent.id,
      prompt: 'The login page redirects twice. Fix it, high priority.',
      attachments: [attachment],
    });
    expect(created.status).toBe(200);
    const dispatch = created.body.dispatch as { id: string; state: string; images: number; prompt: string };
    expect(dispatch).toMatchObject({
      state: 'creating',
      images: 1,
      prompt: 'The login page redirects twice. Fix it, high priority.',
    });
    const quickCreate = tracker.requests.filter((r) => r.path === '/api/issues/quick-create');
    expect(quickCreate).toHaveLength(1);
    expect(quickCreate[0]?.body).toMatchObject({
      agent_id: agent.id,
      project_id: project.id,
      attachment_ids: [attachment.id],
      prompt: expect.stringContaining(`![screen.png](${attachment.markdownUrl})`),
    });

    // The agent writes the issue; the phone's lookups follow the dispatch to it.
    tracker.setAutoRun(20);
    await waitFor(
      async () => {
        const lookup = await relayed('POST', '/tracker/dispatches/lookup', { id: dispatch.id });
        return (lookup.body.dispatch as { state: string }).state === 'created';
      },
      60_000,
      'the created issue',
    );
    const listed = await relayed('GET', '/tracker/dispatches');
    const [record] = listed.body.dispatches as { identifier?: string; title?: string; state: string }[];
    expect(record).toMatchObject({ state: 'created', identifier: expect.stringMatching(/^ACME-\d+$/) });
    expect(record?.title).toBeTruthy();
  });
});
