import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { apiFor } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
});
afterEach(() => tracker.close());

describe('bearer token (reference §2.5)', () => {
  it('answers a request without a token 401 text/plain with a JSON-looking body', async () => {
    const res = await fetch(`${tracker.url}/api/issues`, { headers: { 'x-workspace-id': ws.id } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('{"error":"missing authorization"}\n');
  });

  it('treats anything but exactly "Bearer <token>" as missing', async () => {
    const res = await fetch(`${tracker.url}/api/workspaces`, {
      headers: { authorization: `bearer ${tracker.token}` },
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('{"error":"missing authorization"}\n');
  });

  it.each([
    ['unknown', () => `mul_${'0'.repeat(40)}`],
    ['revoked', () => tracker.issueToken(tracker.user.id, { revoked: true })],
    ['expired', () => tracker.issueToken(tracker.user.id, { expiresAt: Date.now() - 1000 })],
    ['a JWT-looking', () => 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
  ])('answers an %s token 401 invalid token', async (_name, token) => {
    const res = await fetch(`${tracker.url}/api/workspaces`, {
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('{"error":"invalid token"}\n');
  });

  it('mints PATs as mul_ + 40 lowercase hex', () => {
    expect(tracker.token).toMatch(/^mul_[0-9a-f]{40}$/);
    expect(tracker.createUser().token).toMatch(/^mul_[0-9a-f]{40}$/);
  });
});

describe('workspace selection (reference §2.3)', () => {
  it('requires a workspace identifier (no trailing newline from the middleware)', async () => {
    const res = await apiFor(tracker, undefined)('/api/issues');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('{"error":"workspace_id or workspace_slug is required"}');
  });

  it('rejects a malformed workspace_id with 400', async () => {
    const res = await apiFor(tracker, 'not-a-uuid')('/api/issues');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid workspace_id' });
  });

  it('answers 404 workspace not found to non-members and unknown workspaces', async () => {
    const stranger = tracker.createUser();
    const asStranger = await apiFor(tracker, ws.id, stranger.token)('/api/issues');
    expect(asStranger.status).toBe(404);
    expect(await asStranger.json()).toEqual({ error: 'workspace not found' });
    const unknown = await apiFor(tracker, '01900000-0000-7000-8000-000000000000')('/api/projects');
    expect(unknown.status).toBe(404);
  });

  it('accepts workspace_id in the query and a slug header, the query slug first', async () => {
    const other = tracker.createWorkspace({ name: 'Other', issuePrefix: 'OTH' });
    tracker.addIssue(other.id, { title: 'only in other' });
    const api = apiFor(tracker, undefined);
    const total = async (res: Response) => ((await res.json()) as { total: number }).total;
    expect(await total(await api(`/api/issues?workspace_id=${other.id}`))).toBe(1);
    expect(await total(await api('/api/issues', { headers: { 'x-workspace-slug': 'acme' } }))).toBe(0);
    const slugWins = await api('/api/issues?workspace_slug=other', { headers: { 'x-workspace-id': ws.id } });
    expect(await total(slugWins)).toBe(1);
    const badSlug = await api('/api/issues?workspace_slug=nope');
    expect(badSlug.status).toBe(404);
  });
});

describe('auth-only reads (reference §2.4)', () => {
  it('lists only the workspaces the token can reach, oldest first, without a workspace header', async () => {
    const second = tracker.createWorkspace({ name: 'Second Team' });
    tracker.createWorkspace({ name: 'Not mine', ownerId: tracker.createUser().user.id });
    const res = await apiFor(tracker, undefined)('/api/workspaces');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body.map((w) => w.id)).toEqual([ws.id, second.id]);
    expect(body[1]).toMatchObject({
      slug: 'second-team',
      issue_prefix: 'SECO',
      settings: {},
      repos: [],
      context: null,
    });
  });

  it('serves one workspace to members only, and /api/me', async () => {
    const api = apiFor(tracker, undefined);
    expect((await api(`/api/workspaces/${ws.id}`)).status).toBe(200);
    const stranger = tracker.createUser();
    expect((await apiFor(tracker, undefined, stranger.token)(`/api/workspaces/${ws.id}`)).status).toBe(404);
    const me = await (await api('/api/me')).json();
    expect(me).toMatchObject({ id: tracker.user.id, name: 'Ada Owner', email: 'ada@example.test' });
  });
});

describe('router defaults (reference §1)', () => {
  it('answers unknown paths with chi text, authenticated or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${tracker.token}` }] as Record<string, string>[]) {
      const res = await fetch(`${tracker.url}/api/nothing-here`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('404 page not found\n');
    }
  });

  it('answers a wrong method 405 with an empty body and does not redirect trailing slashes', async () => {
    const wrong = await apiFor(tracker, ws.id)('/api/issues', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(await wrong.text()).toBe('');
    const slash = await apiFor(tracker, ws.id)('/api/issues/', { redirect: 'manual' });
    expect(slash.status).toBe(404);
  });

  it('writes JSON with an exact content type, a length and a trailing newline', async () => {
    const res = await apiFor(tracker, ws.id)('/api/projects');
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(text).toBe('{"projects":[],"total":0}\n');
  });
});
