import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project, Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { type Api, apiFor } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;
let api: Api;
let mobile: Project;

type IssueJson = Record<string, unknown> & { identifier: string; title: string };
const list = async (path: string) =>
  (await (await api(path)).json()) as { issues: IssueJson[]; total: number };

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  api = apiFor(tracker, ws.id);
  mobile = tracker.addProject(ws.id, { title: 'Mobile' });
  const now = Date.now();
  tracker.addIssue(ws.id, {
    title: 'Login crash on rotate',
    projectId: mobile.id,
    lastActivityAt: now - 1000,
  });
  tracker.addIssue(ws.id, {
    title: 'Dark mode',
    status: 'in_progress',
    priority: 'high',
    lastActivityAt: null,
  });
  tracker.addIssue(ws.id, { title: 'Login button colour', projectId: mobile.id, lastActivityAt: now - 5 });
  tracker.addIssue(ws.id, {
    title: 'Crash reporter',
    status: 'done',
    priority: 'urgent',
    lastActivityAt: now - 50_000,
  });
});
afterEach(() => tracker.close());

describe('GET /api/issues (reference §3.3)', () => {
  it('wraps issues with the full total and the issue shape of §3.1', async () => {
    const body = await list('/api/issues');
    expect(body.total).toBe(4);
    const first = body.issues[0];
    expect(first).toMatchObject({
      workspace_id: ws.id,
      number: 1,
      identifier: 'ACME-1',
      status: 'todo',
      status_category: 'todo',
      priority: 'none',
      assignee_type: null,
      assignee_id: null,
      creator_type: 'member',
      creator_id: tracker.user.id,
      project_id: mobile.id,
      stage: null,
      metadata: {},
      properties: {},
      labels: [],
    });
    expect(first?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(first?.last_activity_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(first).not.toHaveProperty('attachments');
  });

  it('sorts by last_activity newest first with nulls last, and ascending on request', async () => {
    const desc = await list('/api/issues?sort=last_activity');
    expect(desc.issues.map((i) => i.number)).toEqual([3, 1, 4, 2]);
    const asc = await list('/api/issues?sort=last_activity&direction=asc');
    expect(asc.issues.map((i) => i.number)).toEqual([4, 1, 3, 2]);
  });

  it('sorts by priority and by status rank', async () => {
    expect((await list('/api/issues?sort=priority')).issues.map((i) => i.number)).toEqual([4, 2, 3, 1]);
    expect((await list('/api/issues?sort=status')).issues.map((i) => i.status)).toEqual([
      'todo',
      'todo',
      'in_progress',
      'done',
    ]);
  });

  it('rejects unknown sort and direction values', async () => {
    const sort = await api('/api/issues?sort=random');
    expect(sort.status).toBe(400);
    expect(await sort.json()).toEqual({ error: 'invalid sort value' });
    const direction = await api('/api/issues?sort=title&direction=up');
    expect(await direction.json()).toEqual({ error: 'invalid direction value' });
  });

  it('filters by project, rejecting a malformed project_id', async () => {
    const body = await list(`/api/issues?project_id=${mobile.id}`);
    expect(body.issues.map((i) => i.title)).toEqual(['Login crash on rotate', 'Login button colour']);
    const none = await list('/api/issues?project_id=01900000-0000-7000-8000-000000000000');
    expect(none.total).toBe(0);
    const bad = await api('/api/issues?project_id=mobile');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid project_id' });
  });

  it('matches q as title words (any order, any case) or as an issue number', async () => {
    expect((await list('/api/issues?q=CRASH%20login')).issues.map((i) => i.number)).toEqual([1]);
    expect((await list('/api/issues?q=3')).issues.map((i) => i.number)).toEqual([3]);
    expect((await list('/api/issues?q=acme-4')).issues.map((i) => i.number)).toEqual([4]);
    expect((await list('/api/issues?q=XYZ-2')).issues.map((i) => i.number)).toEqual([2]);
  });

  it('filters by status and priority lists', async () => {
    expect((await list('/api/issues?statuses=done,in_progress')).total).toBe(2);
    expect((await list('/api/issues?priority=urgent')).issues.map((i) => i.number)).toEqual([4]);
    expect((await list('/api/issues?open_only=true')).total).toBe(3);
  });

  it('caps limit at 100, treats garbage as 100, and reports the total beyond the page', async () => {
    for (let i = 0; i < 101; i += 1) tracker.addIssue(ws.id, { title: `Bulk ${i}` });
    expect((await list('/api/issues?limit=500')).issues).toHaveLength(100);
    expect((await list('/api/issues?limit=-3')).issues).toHaveLength(100);
    const page = await list('/api/issues?limit=2&offset=104');
    expect(page.total).toBe(105);
    expect(page.issues).toHaveLength(1);
  });
});

describe('GET /api/issues/{id} (reference §3.4)', () => {
  it('accepts the UUID or the identifier in any case', async () => {
    const byIdentifier = await api('/api/issues/acme-3');
    expect(byIdentifier.status).toBe(200);
    const issue = (await byIdentifier.json()) as IssueJson;
    expect(issue.title).toBe('Login button colour');
    const byId = (await (await api(`/api/issues/${issue.id}`)).json()) as IssueJson;
    expect(byId.identifier).toBe('ACME-3');
  });

  it('answers 404 issue not found for another prefix, another workspace or garbage', async () => {
    const other = tracker.createWorkspace({ name: 'Other', issuePrefix: 'OTH' });
    const foreign = tracker.addIssue(other.id, { title: 'foreign' });
    for (const ref of ['OTH-1', 'ACME-99', foreign.id, 'hello']) {
      const res = await api(`/api/issues/${ref}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'issue not found' });
    }
  });
});

describe('GET /api/issue-statuses (reference §3.6)', () => {
  it('lists built-ins and custom statuses by category rank, then position, excluding archived', async () => {
    tracker.addCustomStatus(ws.id, { key: 'qa_check', name: 'QA Check', category: 'in_review', position: 1 });
    tracker.addCustomStatus(ws.id, { key: 'triage', name: 'Triage', category: 'backlog', position: 2 });
    tracker.addCustomStatus(ws.id, { key: 'icebox', name: 'Icebox', category: 'backlog', archived: true });
    const body = (await (await api('/api/issue-statuses')).json()) as {
      statuses: Record<string, unknown>[];
      categories: string[];
      total: number;
    };
    expect(body.statuses.map((s) => s.key)).toEqual([
      'backlog',
      'triage',
      'todo',
      'in_progress',
      'in_review',
      'qa_check',
      'done',
      'blocked',
      'cancelled',
    ]);
    expect(body.categories).toEqual([
      'backlog',
      'todo',
      'in_progress',
      'in_review',
      'done',
      'blocked',
      'cancelled',
    ]);
    expect(body.total).toBe(9);
    expect(body.statuses[0]).toMatchObject({
      name: 'Backlog',
      color: '#6b7280',
      is_system: true,
      position: 0,
      archived_at: null,
    });
    expect(body.statuses[5]).toMatchObject({ name: 'QA Check', category: 'in_review', is_system: false });
    const all = (await (await api('/api/issue-statuses?include_archived=true')).json()) as {
      total: number;
      statuses: { key: string; archived_at: string | null }[];
    };
    expect(all.total).toBe(10);
    expect(all.statuses.find((s) => s.key === 'icebox')?.archived_at).toMatch(/Z$/);
  });

  it('reports the inherited category of an issue on a custom status', async () => {
    tracker.addCustomStatus(ws.id, { key: 'qa_check', name: 'QA Check', category: 'in_review' });
    const issue = tracker.addIssue(ws.id, { title: 'Custom', status: 'qa_check' });
    const body = (await (await api(`/api/issues/${issue.id}`)).json()) as IssueJson;
    expect(body).toMatchObject({ status: 'qa_check', status_category: 'in_review' });
  });
});

describe('projects (reference §4)', () => {
  it('lists wrapped, newest first, with exact filters and counts', async () => {
    const web = tracker.addProject(ws.id, { title: 'Web', status: 'planned', priority: 'high' });
    tracker.addIssue(ws.id, { title: 'done one', projectId: mobile.id, status: 'done' });
    const body = (await (await api('/api/projects')).json()) as {
      projects: Record<string, unknown>[];
      total: number;
    };
    expect(body.projects.map((p) => p.id)).toEqual([web.id, mobile.id]);
    expect(body.projects[1]).toMatchObject({
      title: 'Mobile',
      issue_count: 3,
      done_count: 1,
      resource_count: 0,
      lead_id: null,
    });
    const planned = (await (await api('/api/projects?status=planned')).json()) as { total: number };
    expect(planned.total).toBe(1);
  });

  it('serves one project by UUID only', async () => {
    expect((await api(`/api/projects/${mobile.id}`)).status).toBe(200);
    const bad = await api('/api/projects/mobile');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid project id' });
    const missing = await api('/api/projects/01900000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'project not found' });
  });
});
