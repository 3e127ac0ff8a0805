import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { type Api, apiFor } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;
let api: Api;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  api = apiFor(tracker, ws.id);
});
afterEach(() => tracker.close());

function form(bytes: Buffer, name: string, field = 'file', extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  data.append(field, new Blob([bytes], { type: 'application/x-whatever' }), name);
  return data;
}

describe('POST /api/upload-file (reference §6.3)', () => {
  it('stores part "file" and answers 200 with an absolute markdown_url that downloads the bytes', async () => {
    const res = await api('/api/upload-file', { method: 'POST', body: form(PNG, 'screen') });
    expect(res.status).toBe(200);
    const attachment = (await res.json()) as Record<string, string | number | null>;
    expect(attachment).toMatchObject({
      workspace_id: ws.id,
      issue_id: null,
      comment_id: null,
      chat_session_id: null,
      uploader_type: 'member',
      uploader_id: tracker.user.id,
      filename: 'screen',
      content_type: 'image/png', // sniffed from the bytes, not from the part header
      size_bytes: PNG.length,
      download_url: `/api/attachments/${attachment.id}/download`,
      markdown_url: `${tracker.url}/api/attachments/${attachment.id}/download`,
    });
    const download = await fetch(String(attachment.markdown_url), {
      headers: { authorization: `Bearer ${tracker.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    const meta = await api(`/api/attachments/${attachment.id}`);
    expect(await meta.json()).toMatchObject({ id: attachment.id, filename: 'screen' });
  });

  it('lets a known extension override the sniffed type and binds issue_id when given', async () => {
    const issue = tracker.addIssue(ws.id, { title: 'with files' });
    const res = await api('/api/upload-file', {
      method: 'POST',
      body: form(Buffer.from('hello'), 'notes.md', 'file', { issue_id: issue.id }),
    });
    const attachment = (await res.json()) as Record<string, unknown>;
    expect(attachment).toMatchObject({ content_type: 'text/markdown', issue_id: issue.id });
    const detail = (await (await api(`/api/issues/${issue.id}`)).json()) as { attachments: { id: string }[] };
    expect(detail.attachments.map((a) => a.id)).toEqual([attachment.id]);
  });

  it('answers 400 when the file part is missing or the body is not multipart', async () => {
    const missing = await api('/api/upload-file', { method: 'POST', body: form(PNG, 'a.png', 'image') });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/^missing file field: /);
    const notMultipart = await api('/api/upload-file', { method: 'POST', json: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(await notMultipart.json()).toEqual({ error: 'file too large or invalid multipart form' });
  });

  it('answers 403 to a non-member, 403 invalid issue_id to a foreign issue, 401 without a token', async () => {
    const stranger = tracker.createUser();
    const denied = await apiFor(
      tracker,
      ws.id,
      stranger.token,
    )('/api/upload-file', { method: 'POST', body: form(PNG, 'a.png') });
    expect([denied.status, await denied.json()]).toEqual([403, { error: 'not a member of this workspace' }]);
    const other = tracker.createWorkspace({ name: 'Other' });
    const foreign = tracker.addIssue(other.id, { title: 'foreign' });
    const bad = await api('/api/upload-file', {
      method: 'POST',
      body: form(PNG, 'a.png', 'file', { issue_id: foreign.id }),
    });
    expect([bad.status, await bad.json()]).toEqual([403, { error: 'invalid issue_id' }]);
    const anonymous = await fetch(`${tracker.url}/api/upload-file`, {
      method: 'POST',
      body: form(PNG, 'a.png'),
    });
    expect(anonymous.status).toBe(401);
    expect(tracker.state.attachments.size).toBe(0);
  });

  it('hides downloads from non-members', async () => {
    const attachment = (await (
      await api('/api/upload-file', { method: 'POST', body: form(PNG, 'a.png') })
    ).json()) as { id: string };
    const stranger = tracker.createUser();
    const res = await fetch(`${tracker.url}/api/attachments/${attachment.id}/download`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(res.status).toBe(404);
  });
});
