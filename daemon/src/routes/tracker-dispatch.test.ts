import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackerWorkspace } from '@ringback/protocol';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeTracker, startFakeTracker } from '../../../test/src/fakes/fake-tracker/index';
import { ConfigStore } from '../config/config-store';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { createTrackerClient } from '../tracker/api';
import { type StandInTracker, startStandInTracker } from '../tracker/api/stand-in-tracker';
import { DispatchStore } from '../tracker/dispatch';
import { withTrackerConfig } from '../tracker/tracker-config';
import { trackerDispatchRoutes } from './tracker-dispatch';

const KEY = 'k'.repeat(43);
const T0 = Date.parse('2026-11-23T10:00:00Z');
const MISSING = '0197a000-0000-7000-8000-00000000dead';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

type Method = 'GET' | 'POST';
interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, asserted field by field.
  body: any;
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function asWorkspace(ws: { id: string; name: string; slug: string; issuePrefix: string }): TrackerWorkspace {
  return { id: ws.id, name: ws.name, slug: ws.slug, issuePrefix: ws.issuePrefix };
}

/** The local API with only these routes, over a data dir, pointed at `baseUrl` with `token`. */
async function localApi(options: {
  baseUrl: string;
  token?: string;
  workspaces?: TrackerWorkspace[];
  dataDir?: string;
}) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ringback-dispatch-')));
  const logger = createMemoryLogger();
  const { store: config } = await ConfigStore.open(dataDir, logger);
  if (options.token) {
    const token = options.token;
    await config.update((c) => withTrackerConfig(c, { token, workspaces: options.workspaces ?? [] }));
  }
  const store = await DispatchStore.open(dataDir, logger);
  const clock = { now: T0 };
  const app: FastifyInstance = await buildLocalApi({
    localApiKey: KEY,
    logger,
    routes: [
      trackerDispatchRoutes({
        config,
        store,
        client: (token) => createTrackerClient({ baseUrl: options.baseUrl, token, sleep: async () => {} }),
        logger,
        now: () => clock.now,
      }),
    ],
  });
  closers.push(async () => {
    await app.close();
    store.stop();
  });
  const call = async (method: Method, url: string, payload?: unknown): Promise<Reply> => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${KEY}`, host: '127.0.0.1:8790' },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { app, call, clock, logger, dataDir, store };
}

/** The fake Multica with two workspaces (both watched), projects, agents in every runtime state. */
async function setUp() {
  const tracker: FakeTracker = await startFakeTracker({ autoRunMs: false });
  closers.push(() => tracker.close());
  const acme = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME', slug: 'acme' });
  const labs = tracker.createWorkspace({ name: 'Labs', issuePrefix: 'LAB', slug: 'labs' });
  const other = tracker.createWorkspace({ name: 'Other', issuePrefix: 'OTH', slug: 'other' });
  const web = tracker.addProject(acme.id, { title: 'Website', status: 'in_progress', priority: 'high' });
  const done = tracker.addProject(acme.id, { title: 'Old site', status: 'completed' });
  const dropped = tracker.addProject(acme.id, { title: 'Dropped', status: 'cancelled' });
  const planned = tracker.addProject(acme.id, { title: 'Apps', status: 'planned', priority: 'low' });
  const coder = tracker.addAgent(acme.id, { name: 'Claude Coder' });
  const sleepy = tracker.addAgent(acme.id, { name: 'Codex Reviewer', runtimeOnline: false });
  const unbound = tracker.addAgent(acme.id, { name: 'Drafter', noRuntime: true });
  const broken = tracker.addAgent(acme.id, { name: 'Broken' });
  tracker.setRuntimeOnline(broken.runtime?.id ?? '', false, {
    code: 'not_executable',
    detail: 'codex: not found',
  });
  const labsAgent = tracker.addAgent(labs.id, { name: 'Lab Agent' });
  const api = await localApi({
    baseUrl: tracker.url,
    token: tracker.token,
    workspaces: [asWorkspace(acme), asWorkspace(labs)],
  });
  const writes = (path: string) => tracker.requests.filter((r) => r.method === 'POST' && r.path === path);
  return {
    tracker,
    acme,
    labs,
    other,
    web,
    done,
    dropped,
    planned,
    coder,
    sleepy,
    unbound,
    broken,
    labsAgent,
    writes,
    ...api,
  };
}

const png = (name = 'shot.png') => ({ name, type: 'image/png', data: PNG.toString('base64') });

describe('POST /tracker/issues', () => {
  it('returns project, priority, update time and status; omits missing and unwatched issues', async () => {
    const { tracker, acme, labs, other, web, call } = await setUp();
    const a = tracker.addIssue(acme.id, {
      title: 'Fix login',
      status: 'in_review',
      priority: 'urgent',
      projectId: web.id,
      lastActivityAt: T0 - 60_000,
    });
    const b = tracker.addIssue(labs.id, { title: 'Lab work', priority: 'low', lastActivityAt: null });
    const hidden = tracker.addIssue(other.id, { title: 'Not watched' });

    const { status, body } = await call('POST', '/tracker/issues', {
      issues: [
        { workspaceId: acme.id, issueId: a.id },
        { workspaceId: acme.id, issueId: MISSING },
        { workspaceId: labs.id, issueId: 'LAB-1' },
        { workspaceId: other.id, issueId: hidden.id },
      ],
    });

    expect(status).toBe(200);
    expect(body.issues).toEqual([
      {
        workspaceId: acme.id,
        issueId: a.id,
        identifier: 'ACME-1',
        title: 'Fix login',
        projectId: web.id,
        project: 'Website',
        priority: 'urgent',
        updatedAt: new Date(T0 - 60_000).toISOString().replace('.000Z', 'Z'),
        status: 'in_review',
      },
      expect.objectContaining({
        issueId: 'LAB-1',
        identifier: `LAB-${b.number}`,
        projectId: null,
        project: null,
      }),
    ]);
    // No last activity: the update time stands in.
    expect(body.issues[1].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('takes at most 100 items, and needs a saved token', async () => {
    const { acme, call } = await setUp();
    const many = Array.from({ length: 101 }, () => ({ workspaceId: acme.id, issueId: MISSING }));
    expect(await call('POST', '/tracker/issues', { issues: many })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await call('POST', '/tracker/issues', { issues: many.slice(1) })).toEqual({
      status: 200,
      body: { issues: [] },
    });

    const bare = await localApi({ baseUrl: 'http://127.0.0.1:9' });
    expect(await bare.call('POST', '/tracker/issues', { issues: [] })).toMatchObject({
      status: 422,
      body: { error: 'tracker_not_configured' },
    });
  });
});

describe('dispatch options', () => {
  it('GET gives the first watched workspace’s open projects and every agent with online', async () => {
    const { acme, web, planned, coder, sleepy, unbound, broken, call } = await setUp();
    const { status, body } = await call('GET', '/tracker/dispatch/options');
    expect(status).toBe(200);
    expect(body.workspaceId).toBe(acme.id);
    expect(body.projects).toEqual(
      expect.arrayContaining([
        { id: web.id, title: 'Website', status: 'in_progress', priority: 'high' },
        { id: planned.id, title: 'Apps', status: 'planned', priority: 'low' },
      ]),
    );
    expect(body.projects).toHaveLength(2);
    expect(body.agents).toEqual([
      { id: coder.agent.id, name: 'Claude Coder', avatarUrl: null, online: true },
      {
        id: sleepy.agent.id,
        name: 'Codex Reviewer',
        avatarUrl: null,
        online: false,
        unavailableReason: 'agent runtime is offline',
      },
      {
        id: unbound.agent.id,
        name: 'Drafter',
        avatarUrl: null,
        online: false,
        unavailableReason: 'agent has no runtime bound',
      },
      {
        id: broken.agent.id,
        name: 'Broken',
        avatarUrl: null,
        online: false,
        unavailableReason: 'codex: not found',
      },
    ]);
  });

  it('POST reads another watched workspace; an unwatched one is workspace_not_found', async () => {
    const { labs, other, labsAgent, call } = await setUp();
    expect(await call('POST', '/tracker/dispatch/options', { workspaceId: labs.id })).toEqual({
      status: 200,
      body: {
        workspaceId: labs.id,
        projects: [],
        agents: [{ id: labsAgent.agent.id, name: 'Lab Agent', avatarUrl: null, online: true }],
      },
    });
    expect(await call('POST', '/tracker/dispatch/options', { workspaceId: other.id })).toMatchObject({
      status: 422,
      body: { error: 'workspace_not_found' },
    });
  });

  it('follows a runtime going offline', async () => {
    const { tracker, coder, call } = await setUp();
    tracker.setRuntimeOnline(coder.runtime?.id ?? '', false);
    const { body } = await call('GET', '/tracker/dispatch/options');
    expect(body.agents[0]).toMatchObject({ online: false, unavailableReason: 'agent runtime is offline' });
  });
});

describe('POST /tracker/dispatch/issues', () => {
  async function withIssues() {
    const setup = await setUp();
    const { tracker, acme, web, planned } = setup;
    // 55 issues in Website, ACME-1 the least recently active; one issue in another project.
    const issues = Array.from({ length: 55 }, (_, i) =>
      tracker.addIssue(acme.id, {
        title: i === 2 ? 'Login page rejects passwords' : `Task number ${i + 1}`,
        status: i % 5 === 0 ? 'done' : 'todo',
        projectId: web.id,
        lastActivityAt: T0 + i * 1000,
      }),
    );
    tracker.addIssue(acme.id, { title: 'Login elsewhere', projectId: planned.id });
    return { ...setup, issues };
  }
  const ask = (setup: Awaited<ReturnType<typeof withIssues>>, body: object) =>
    setup.call('POST', '/tracker/dispatch/issues', { projectId: setup.web.id, ...body });

  it('gives at most 50, by most recent activity, with the item fields', async () => {
    const setup = await withIssues();
    const { status, body } = await ask(setup, {});
    expect(status).toBe(200);
    expect(body.issues).toHaveLength(50);
    expect(body.issues[0]).toEqual({
      id: setup.issues[54]?.id,
      identifier: 'ACME-55',
      number: 55,
      title: 'Task number 55',
      status: 'todo',
      priority: 'none',
      assigneeType: null,
      assigneeId: null,
      updatedAt: new Date(T0 + 54_000).toISOString().replace('.000Z', 'Z'),
    });
    expect(body.issues.map((i: { number: number }) => i.number)).toEqual(
      Array.from({ length: 50 }, (_, i) => 55 - i),
    );
    const call = setup.tracker.requests.find((r) => r.path === '/api/issues');
    expect(call?.query).toMatchObject({ project_id: setup.web.id, sort: 'last_activity', limit: '50' });
  });

  it('finds by a title word, a bare number, or PREFIX-n', async () => {
    const setup = await withIssues();
    const numbers = async (query: string) =>
      (await ask(setup, { query })).body.issues.map((i: { identifier: string }) => i.identifier);
    expect(await numbers('login')).toEqual(['ACME-3']);
    expect(await numbers('ACME-7')).toEqual(['ACME-7']);
    expect(await numbers('acme-7')).toEqual(['ACME-7']);
    // A bare number is the issue number or a word of the title, as the tracker reads it.
    expect(await numbers('41')).toEqual(['ACME-41']);
    expect(await numbers('ACME-999')).toEqual([]);
  });

  it('keeps only the asked statuses; a malformed project is project_not_found', async () => {
    const setup = await withIssues();
    const { body } = await ask(setup, { statuses: ['done'] });
    expect(body.issues.map((i: { number: number }) => i.number)).toEqual([
      51, 46, 41, 36, 31, 26, 21, 16, 11, 6, 1,
    ]);
    expect(await setup.call('POST', '/tracker/dispatch/issues', { projectId: 'nope' })).toMatchObject({
      status: 422,
      body: { error: 'project_not_found' },
    });
  });
});

describe('POST /tracker/dispatch/statuses', () => {
  it('gives board order with custom statuses and without archived ones, with or without a body', async () => {
    const { tracker, acme, labs, call } = await setUp();
    tracker.addCustomStatus(acme.id, { key: 'qa_check', name: 'QA Check', category: 'in_review' });
    tracker.addCustomStatus(acme.id, { key: 'icebox', name: 'Icebox', category: 'backlog', archived: true });
    tracker.addCustomStatus(acme.id, { key: 'triage', name: 'Triage', category: 'backlog', position: 0.5 });

    const { status, body } = await call('POST', '/tracker/dispatch/statuses', {});
    expect(status).toBe(200);
    expect(body.statuses).toEqual([
      { key: 'backlog', name: 'Backlog' },
      { key: 'triage', name: 'Triage' },
      { key: 'todo', name: 'Todo' },
      { key: 'in_progress', name: 'In Progress' },
      { key: 'in_review', name: 'In Review' },
      { key: 'qa_check', name: 'QA Check' },
      { key: 'done', name: 'Done' },
      { key: 'blocked', name: 'Blocked' },
      { key: 'cancelled', name: 'Cancelled' },
    ]);
    const labsStatuses = await call('POST', '/tracker/dispatch/statuses', { workspaceId: labs.id });
    expect(labsStatuses.body.statuses).toHaveLength(7);
  });
});

describe('POST /tracker/uploads', () => {
  it('forwards one image without an issue and returns the attachment', async () => {
    const { tracker, acme, call, writes } = await setUp();
    const { status, body } = await call('POST', '/tracker/uploads', png());
    expect(status).toBe(200);
    expect(body.attachment).toEqual({
      id: expect.any(String),
      filename: 'shot.png',
      markdownUrl: `${tracker.url}/api/attachments/${body.attachment.id}/download`,
    });
    expect(writes('/api/upload-file')).toHaveLength(1);
    const stored = tracker.state.attachments.get(body.attachment.id);
    expect(stored).toMatchObject({ workspaceId: acme.id, issueId: null, contentType: 'image/png' });
    expect(Buffer.from(stored?.bytes ?? [])).toEqual(PNG);
  });

  it('refuses a non-image whatever its type says, and a non-image type, with invalid_dispatch', async () => {
    const { call, writes } = await setUp();
    const text = Buffer.from('just some text, honest').toString('base64');
    for (const body of [
      { name: 'a.png', type: 'image/png', data: text },
      { name: 'a.pdf', type: 'application/pdf', data: PNG.toString('base64') },
      { name: 'a.png', type: 'image/png', data: 'not base64!' },
    ]) {
      expect(await call('POST', '/tracker/uploads', body)).toMatchObject({
        status: 400,
        body: { error: 'invalid_dispatch' },
      });
    }
    expect(writes('/api/upload-file')).toHaveLength(0);
  });

  it('refuses a body over 140 MB before reading it', async () => {
    const { app } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/tracker/uploads',
      headers: { authorization: `Bearer ${KEY}`, host: '127.0.0.1', 'content-type': 'application/json' },
      payload: `{"name":"a.png","type":"image/png","data":"${'A'.repeat(140 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('POST /tracker/dispatches: a new issue', () => {
  it('quick-creates with the image markdown and attachment ids, and answers creating at once', async () => {
    const { tracker, acme, web, coder, call, writes, dataDir } = await setUp();
    const one = (await call('POST', '/tracker/uploads', png('one.png'))).body.attachment;
    const two = (await call('POST', '/tracker/uploads', png('two.png'))).body.attachment;

    const { status, body } = await call('POST', '/tracker/dispatches', {
      projectId: web.id,
      agentId: coder.agent.id,
      prompt: '  Fix the login page  ',
      attachments: [one, two],
    });

    expect(status).toBe(200);
    const [task] = tracker.tasks({ kind: 'quick_create' });
    expect(body.dispatch).toEqual({
      id: task?.id,
      kind: 'issue',
      state: 'creating',
      prompt: 'Fix the login page',
      images: 2,
      agentName: 'Claude Coder',
      createdAt: new Date(T0).toISOString(),
      workspaceId: acme.id,
    });
    const sent = writes('/api/issues/quick-create');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      prompt: `Fix the login page\n\n![one.png](${one.markdownUrl})\n![two.png](${two.markdownUrl})`,
      agent_id: coder.agent.id,
      project_id: web.id,
      attachment_ids: [one.id, two.id],
    });
    expect((await stat(join(dataDir, 'dispatches.json'))).mode & 0o777).toBe(0o600);
  });

  it('takes images alone', async () => {
    const { web, coder, call, writes } = await setUp();
    const image = (await call('POST', '/tracker/uploads', png())).body.attachment;
    const { body } = await call('POST', '/tracker/dispatches', {
      projectId: web.id,
      agentId: coder.agent.id,
      attachments: [image],
    });
    expect(body.dispatch).toMatchObject({ state: 'creating', prompt: '', images: 1 });
    expect(writes('/api/issues/quick-create')[0]?.body).toMatchObject({
      prompt: `![shot.png](${image.markdownUrl})`,
    });
  });

  it('refuses what is not a dispatch with invalid_dispatch, before calling the tracker', async () => {
    const { web, coder, call, writes, tracker } = await setUp();
    const issue = tracker.addIssue(tracker.state.projects.get(web.id)?.workspaceId ?? '', { title: 'x' });
    const bad = [
      { projectId: web.id, agentId: coder.agent.id, prompt: '   ' },
      { projectId: web.id, agentId: coder.agent.id, prompt: 'x'.repeat(8001) },
      { projectId: web.id, agentId: coder.agent.id, issueId: issue.id, prompt: 'both' },
      { prompt: 'neither' },
      { projectId: web.id, prompt: 'no agent' },
      { agentId: coder.agent.id, issueId: issue.id, prompt: 'agent on a comment' },
    ];
    for (const body of bad) {
      expect(await call('POST', '/tracker/dispatches', body)).toMatchObject({
        status: 400,
        body: { error: 'invalid_dispatch' },
      });
    }
    // 8000 characters, counted as the user sees them (emoji are one each).
    const long = await call('POST', '/tracker/dispatches', {
      projectId: web.id,
      agentId: coder.agent.id,
      prompt: '🙂'.repeat(8000),
    });
    expect(long.status).toBe(200);
    expect(writes('/api/issues/quick-create')).toHaveLength(1);
    expect(writes(`/api/issues/${issue.id}/comments`)).toHaveLength(0);
  });

  it('names an unknown project or agent, and gives the tracker’s reason for an agent that cannot run', async () => {
    const { web, coder, sleepy, unbound, broken, call, writes } = await setUp();
    const dispatch = (projectId: string, agentId: string) =>
      call('POST', '/tracker/dispatches', { projectId, agentId, prompt: 'Do it' });

    expect(await dispatch(MISSING, coder.agent.id)).toMatchObject({
      status: 422,
      body: { error: 'project_not_found' },
    });
    expect(await dispatch('not-a-uuid', coder.agent.id)).toMatchObject({
      status: 422,
      body: { error: 'project_not_found' },
    });
    expect(await dispatch(web.id, MISSING)).toMatchObject({
      status: 422,
      body: { error: 'agent_not_found' },
    });
    expect(writes('/api/issues/quick-create')).toHaveLength(0);

    expect(await dispatch(web.id, sleepy.agent.id)).toEqual({
      status: 422,
      body: { error: 'agent_unavailable', message: 'agent runtime is offline' },
    });
    expect(await dispatch(web.id, unbound.agent.id)).toEqual({
      status: 422,
      body: { error: 'agent_unavailable', message: 'agent has no runtime bound' },
    });
    expect(await dispatch(web.id, broken.agent.id)).toEqual({
      status: 422,
      body: { error: 'agent_unavailable', message: 'codex: not found' },
    });
    expect(await call('GET', '/tracker/dispatches')).toEqual({ status: 200, body: { dispatches: [] } });
  });
});

describe('a creating dispatch, refreshed', () => {
  async function creating() {
    const setup = await setUp();
    const { body } = await setup.call('POST', '/tracker/dispatches', {
      projectId: setup.web.id,
      agentId: setup.coder.agent.id,
      prompt: 'Fix the login page',
    });
    return { ...setup, id: body.dispatch.id as string };
  }

  it('stays creating while the task runs, then shows the created issue on the next list', async () => {
    const { tracker, call, id } = await creating();
    tracker.advanceTask(id);
    expect((await call('GET', '/tracker/dispatches')).body.dispatches[0]).toMatchObject({
      id,
      state: 'creating',
    });

    tracker.completeTask(id);
    const [issue] = [...tracker.state.issues.values()].filter((i) => i.originTaskId === id);
    const { body } = await call('GET', '/tracker/dispatches');
    expect(body.dispatches).toEqual([
      expect.objectContaining({
        id,
        kind: 'issue',
        state: 'created',
        issueId: issue?.id,
        identifier: `ACME-${issue?.number}`,
        title: 'Fix the login page',
        status: 'todo',
        priority: 'none',
      }),
    ]);

    // Later refreshes follow the issue.
    if (issue) {
      issue.status = 'in_progress';
      issue.priority = 'high';
      issue.title = 'Login page fixed';
      issue.updatedAt += 1000;
    }
    expect((await call('POST', '/tracker/dispatches/lookup', { id })).body.dispatch).toMatchObject({
      state: 'created',
      title: 'Login page fixed',
      status: 'in_progress',
      priority: 'high',
    });
  });

  it('fails with the tracker’s error when the task fails', async () => {
    const { tracker, call, id } = await creating();
    tracker.failTask(id, { error: 'agent crashed' });
    expect((await call('POST', '/tracker/dispatches/lookup', { id })).body.dispatch).toMatchObject({
      state: 'failed',
      failureReason: 'agent crashed',
    });
  });

  it('fails when the task completed a minute ago and still has no issue', async () => {
    const { tracker, call, clock, id } = await creating();
    const task = tracker.state.tasks.get(id);
    if (!task) throw new Error('no task');
    const completedAt = Math.floor(T0 / 1000) * 1000 + 10_000;
    Object.assign(task, { status: 'completed', completedAt });

    clock.now = completedAt + 59_000;
    expect((await call('POST', '/tracker/dispatches/lookup', { id })).body.dispatch.state).toBe('creating');
    clock.now = completedAt + 60_000;
    expect((await call('POST', '/tracker/dispatches/lookup', { id })).body.dispatch).toMatchObject({
      state: 'failed',
      failureReason: 'the agent finished without creating an issue',
    });
  });

  it('shows the last known record when the tracker cannot be read', async () => {
    const { tracker, call, logger, id } = await creating();
    await tracker.close();
    const { status, body } = await call('GET', '/tracker/dispatches');
    expect(status).toBe(200);
    expect(body.dispatches).toEqual([expect.objectContaining({ id, state: 'creating' })]);
    expect(logger.lines.some((line) => line.startsWith('warn dispatch refresh:'))).toBe(true);
  });

  it('is kept across a restart (a new store over the same data dir)', async () => {
    const { tracker, dataDir, id } = await creating();
    const again = await localApi({ baseUrl: tracker.url, token: tracker.token, dataDir });
    tracker.completeTask(id);
    const { body } = await again.call('GET', '/tracker/dispatches');
    expect(body.dispatches).toEqual([
      expect.objectContaining({ id, state: 'created', title: 'Fix the login page' }),
    ]);
    const file = JSON.parse(await readFile(join(dataDir, 'dispatches.json'), 'utf8'));
    expect(file.dispatches[0]).toMatchObject({ value: 'created', context: { id } });
  });
});

describe('POST /tracker/dispatches/cancel and /lookup', () => {
  async function creating() {
    const setup = await setUp();
    const { body } = await setup.call('POST', '/tracker/dispatches', {
      projectId: setup.web.id,
      agentId: setup.coder.agent.id,
      prompt: 'Fix it',
    });
    return { ...setup, id: body.dispatch.id as string };
  }

  it('cancels the tracker task while creating, once', async () => {
    const { tracker, call, writes, id } = await creating();
    const { status, body } = await call('POST', '/tracker/dispatches/cancel', { id });
    expect(status).toBe(200);
    expect(body.dispatch).toMatchObject({ id, state: 'cancelled' });
    expect(tracker.state.tasks.get(id)?.status).toBe('cancelled');
    expect(writes(`/api/tasks/${id}/cancel`)).toHaveLength(1);
    // Final: a second cancel calls nothing.
    expect((await call('POST', '/tracker/dispatches/cancel', { id })).body.dispatch.state).toBe('cancelled');
    expect(writes(`/api/tasks/${id}/cancel`)).toHaveLength(1);
  });

  it('turns out created when the task had already made its issue', async () => {
    const { tracker, call, id } = await creating();
    tracker.completeTask(id);
    const { body } = await call('POST', '/tracker/dispatches/cancel', { id });
    expect(body.dispatch).toMatchObject({ state: 'created', issueId: expect.any(String) });
    expect(tracker.state.tasks.get(id)?.status).toBe('completed');
  });

  it('leaves a created dispatch untouched, without calling the tracker', async () => {
    const { tracker, call, writes, id } = await creating();
    tracker.completeTask(id);
    await call('GET', '/tracker/dispatches');
    const before = tracker.requests.length;
    expect((await call('POST', '/tracker/dispatches/cancel', { id })).body.dispatch.state).toBe('created');
    expect(tracker.requests).toHaveLength(before);
    expect(writes(`/api/tasks/${id}/cancel`)).toHaveLength(0);
  });

  it('answers dispatch_not_found for an unknown id', async () => {
    const { call } = await setUp();
    for (const path of ['/tracker/dispatches/cancel', '/tracker/dispatches/lookup']) {
      expect(await call('POST', path, { id: 'nope' })).toMatchObject({
        status: 422,
        body: { error: 'dispatch_not_found' },
      });
    }
  });
});

describe('POST /tracker/dispatches: a comment', () => {
  it('posts a top-level comment with the images and answers created with the assigned agent', async () => {
    const { tracker, acme, coder, call, writes } = await setUp();
    const issue = tracker.addIssue(acme.id, {
      title: 'Push arrives twice',
      status: 'in_progress',
      priority: 'high',
      assignee: { type: 'agent', id: coder.agent.id },
    });
    const image = (await call('POST', '/tracker/uploads', png())).body.attachment;

    const { status, body } = await call('POST', '/tracker/dispatches', {
      issueId: `ACME-${issue.number}`,
      prompt: 'Also check the logout',
      attachments: [image],
    });

    expect(status).toBe(200);
    const [comment] = [...tracker.state.comments.values()].filter((c) => c.issueId === issue.id);
    expect(body.dispatch).toEqual({
      id: comment?.id,
      kind: 'comment',
      state: 'created',
      prompt: 'Also check the logout',
      images: 1,
      agentName: 'Claude Coder',
      createdAt: new Date(T0).toISOString(),
      workspaceId: acme.id,
      issueId: issue.id,
      identifier: `ACME-${issue.number}`,
      title: 'Push arrives twice',
      status: 'in_progress',
      priority: 'high',
    });
    const sent = writes(`/api/issues/${issue.id}/comments`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      content: `Also check the logout\n\n![shot.png](${image.markdownUrl})`,
      attachment_ids: [image.id],
    });
    expect(comment?.parentId).toBeNull();
    expect(tracker.tasks({ agentId: coder.agent.id, issueId: issue.id })).toHaveLength(1);
    expect((await call('GET', '/tracker/dispatches')).body.dispatches).toHaveLength(1);
  });

  it('has an empty agent name without an assigned agent; a missing issue is issue_not_found', async () => {
    const { tracker, acme, call } = await setUp();
    const issue = tracker.addIssue(acme.id, { title: 'Nobody’s' });
    expect(
      (await call('POST', '/tracker/dispatches', { issueId: issue.id, prompt: 'hi' })).body.dispatch,
    ).toMatchObject({
      kind: 'comment',
      agentName: '',
    });
    expect(await call('POST', '/tracker/dispatches', { issueId: MISSING, prompt: 'hi' })).toMatchObject({
      status: 422,
      body: { error: 'issue_not_found' },
    });
  });
});

describe('writes are never retried', () => {
  const WS: TrackerWorkspace = { id: 'ws-1', name: 'Acme', slug: 'acme', issuePrefix: 'ACME' };
  let standIn: StandInTracker;

  async function failing() {
    standIn = await startStandInTracker();
    closers.push(() => standIn.close());
    const api = await localApi({ baseUrl: standIn.url, token: `mul_${'c'.repeat(40)}`, workspaces: [WS] });
    const project = { id: 'p1', title: 'Web', status: 'in_progress', priority: 'none' };
    const agent = { id: 'a1', name: 'Coder', runtime_id: 'r1', archived_at: null };
    const issue = {
      id: 'i1',
      identifier: 'ACME-1',
      title: 'x',
      status: 'todo',
      priority: 'none',
      updated_at: '',
    };
    standIn.answer('GET', '/api/projects/p1', { status: 200, json: project });
    standIn.answer('GET', '/api/agents/a1', { status: 200, json: agent });
    standIn.answer('GET', '/api/issues/i1', { status: 200, json: issue });
    for (const path of [
      '/api/issues/quick-create',
      '/api/issues/i1/comments',
      '/api/upload-file',
      '/api/tasks/t1/cancel',
    ]) {
      standIn.answer('POST', path, { status: 500, json: { error: 'boom' } });
    }
    return api;
  }
  const posts = (path: string) => standIn.requests.filter((r) => r.method === 'POST' && r.url === path);

  it('sends quick-create, comment and upload once on a 500, and answers tracker_unreachable', async () => {
    const { call } = await failing();
    const cases: [string, object, string][] = [
      ['/tracker/dispatches', { projectId: 'p1', agentId: 'a1', prompt: 'x' }, '/api/issues/quick-create'],
      ['/tracker/dispatches', { issueId: 'i1', prompt: 'x' }, '/api/issues/i1/comments'],
      ['/tracker/uploads', png(), '/api/upload-file'],
    ];
    for (const [route, body, path] of cases) {
      expect(await call('POST', route, body)).toMatchObject({
        status: 502,
        body: { error: 'tracker_unreachable' },
      });
      expect(posts(path)).toHaveLength(1);
    }
    expect((await call('GET', '/tracker/dispatches')).body.dispatches).toEqual([]);
  });

  it('sends a cancel once on a 500 and keeps the dispatch creating', async () => {
    const { call } = await failing();
    standIn.answer('POST', '/api/issues/quick-create', { status: 202, json: { task_id: 't1' } });
    standIn.answer('GET', '/api/agents/a1/tasks', { status: 500, json: { error: 'down' } });
    await call('POST', '/tracker/dispatches', { projectId: 'p1', agentId: 'a1', prompt: 'x' });
    expect(await call('POST', '/tracker/dispatches/cancel', { id: 't1' })).toMatchObject({
      status: 502,
      body: { error: 'tracker_unreachable' },
    });
    expect(posts('/api/tasks/t1/cancel')).toHaveLength(1);
    expect((await call('POST', '/tracker/dispatches/lookup', { id: 't1' })).body.dispatch.state).toBe(
      'creating',
    );
    // The read was retried (4 attempts), the list still answered.
    expect(standIn.requests.filter((r) => r.url === '/api/agents/a1/tasks')).toHaveLength(4);
  });
});

describe('through the relay', () => {
  it('every route is relayable', async () => {
    const { app, web } = await setUp();
    const calls: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/tracker/issues', { issues: [] }],
      ['GET', '/tracker/dispatch/options', undefined],
      ['POST', '/tracker/dispatch/options', { workspaceId: 'x' }],
      ['POST', '/tracker/dispatch/issues', { projectId: web.id }],
      ['POST', '/tracker/dispatch/statuses', {}],
      ['POST', '/tracker/uploads', png()],
      ['POST', '/tracker/dispatches', { prompt: '' }],
      ['GET', '/tracker/dispatches', undefined],
      ['POST', '/tracker/dispatches/lookup', { id: 'x' }],
      ['POST', '/tracker/dispatches/cancel', { id: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const result = await app.runRelayed(method, path, body);
      expect([path, result.status]).not.toEqual([path, 403]);
      expect(result.status).toBeLessThan(500);
    }
  });
});

describe('without a token', () => {
  it('lists nothing and refuses what needs the tracker with tracker_not_configured', async () => {
    const { call } = await localApi({ baseUrl: 'http://127.0.0.1:9' });
    expect(await call('GET', '/tracker/dispatches')).toEqual({ status: 200, body: { dispatches: [] } });
    for (const [method, path, body] of [
      ['GET', '/tracker/dispatch/options', undefined],
      ['POST', '/tracker/dispatch/statuses', undefined],
      ['POST', '/tracker/dispatches', { projectId: 'p', agentId: 'a', prompt: 'x' }],
      ['POST', '/tracker/uploads', png()],
    ] as const) {
      expect(await call(method, path, body)).toMatchObject({
        status: 422,
        body: { error: 'tracker_not_configured' },
      });
    }
  });
});
