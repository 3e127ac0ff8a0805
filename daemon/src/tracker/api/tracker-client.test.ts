import { Response } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingSleep, type StandInTracker, startStandInTracker } from './stand-in-tracker';
import { createTrackerClient } from './tracker-client';
import { TrackerRequestError } from './tracker-error';
import {
  sampleAgent,
  sampleComment,
  sampleIssue,
  sampleProject,
  sampleTask,
  sampleWorkspace,
} from './tracker-wire-samples';

const WS = '0197a000-0000-7000-8000-000000000001';
const TOKEN = `mul_${'a'.repeat(40)}`;

let tracker: StandInTracker;
afterEach(async () => {
  await tracker?.close();
});

async function setUp(prefix = '') {
  tracker = await startStandInTracker(prefix);
  const { sleep, delays } = recordingSleep();
  return { client: createTrackerClient({ baseUrl: tracker.url, token: TOKEN, sleep }), delays };
}

async function failureOf(promise: Promise<unknown>): Promise<TrackerRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TrackerRequestError);
  return error as TrackerRequestError;
}

describe('headers and paths', () => {
  it('sends the bearer token everywhere and X-Workspace-ID only on workspace routes', async () => {
    const { client } = await setUp();
    tracker.answer('GET', '/api/workspaces', { status: 200, json: [sampleWorkspace()] });
    tracker.answer('GET', '/api/agents', { status: 200, json: [] });

    expect(await client.listWorkspaces()).toEqual([sampleWorkspace()]);
    await client.listAgents(WS);

    const [workspaces, agents] = tracker.requests;
    expect(workspaces?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(workspaces?.headers['x-workspace-id']).toBeUndefined();
    expect(agents?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(agents?.headers['x-workspace-id']).toBe(WS);
  });

  it('keeps a path prefix of the base URL', async () => {
    const { client } = await setUp('/multica');
    tracker.answer('GET', '/api/runtimes', { status: 200, json: [{ id: 'r1', status: 'online' }] });
    expect(await client.listRuntimes(WS)).toEqual([{ id: 'r1', status: 'online' }]);
    expect(tracker.requests[0]?.url).toBe('/api/runtimes');
  });

  it('maps the issue query to the wire names and returns issues with the total', async () => {
    const { client } = await setUp();
    const issue = sampleIssue();
    tracker.answer('GET', '/api/issues', { status: 200, json: { issues: [issue], total: 7 } });

    const list = await client.listIssues(WS, {
      projectId: 'p1',
      sort: 'last_activity',
      direction: 'desc',
      limit: 50,
      offset: 0,
      q: 'login page',
      statuses: ['todo', 'in_progress'],
    });

    expect(list).toEqual({ issues: [issue], total: 7 });
    const query = new URL(tracker.requests[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      project_id: 'p1',
      sort: 'last_activity',
      direction: 'desc',
      limit: '50',
      offset: '0',
      q: 'login page',
      statuses: 'todo,in_progress',
    });
  });

  it('sends no query parameters that were not asked for', async () => {
    const { client } = await setUp();
    tracker.answer('GET', '/api/issues', { status: 200, json: { issues: [], total: 0 } });
    await client.listIssues(WS);
    expect(tracker.requests[0]?.url).toBe('/api/issues');
  });

  it('reads single objects by id or identifier, escaping the path segment', async () => {
    const { client } = await setUp();
    tracker.answer('GET', '/api/issues/ACME-4', { status: 200, json: sampleIssue() });
    tracker.answer('GET', '/api/projects/p1', { status: 200, json: sampleProject() });
    tracker.answer('GET', '/api/agents/a1', { status: 200, json: sampleAgent() });
    tracker.answer('GET', '/api/issues/a%2Fb', { status: 200, json: sampleIssue({ id: 'odd' }) });

    expect(await client.getIssue(WS, 'ACME-4')).toEqual(sampleIssue());
    expect(await client.getProject(WS, 'p1')).toEqual(sampleProject());
    expect(await client.getAgent(WS, 'a1')).toEqual(sampleAgent());
    expect(await client.getIssue(WS, 'a/b')).toMatchObject({ id: 'odd' });
  });
});

describe('answer shapes', () => {
  it('unwraps statuses and projects, and takes bare arrays as they are', async () => {
    const { client } = await setUp();
    const status = { key: 'todo', name: 'Todo', category: 'todo', position: 0, archived_at: null };
    tracker.answer('GET', '/api/issue-statuses', {
      status: 200,
      json: { statuses: [status], categories: ['backlog'], total: 1 },
    });
    tracker.answer('GET', '/api/projects', { status: 200, json: { projects: [sampleProject()], total: 1 } });
    tracker.answer('GET', '/api/agents/a1/tasks', { status: 200, json: [sampleTask()] });
    const run = { ...sampleTask({ id: 't2', issue_id: 'i1' }), usage: [] };
    tracker.answer('GET', '/api/issues/i1/task-runs', { status: 200, json: [run] });
    tracker.answer('GET', '/api/issues/i1/comments', { status: 200, json: [sampleComment()] });

    expect(await client.listIssueStatuses(WS)).toEqual([status]);
    expect(await client.listProjects(WS)).toEqual([sampleProject()]);
    expect(await client.listAgentTasks(WS, 'a1')).toEqual([sampleTask()]);
    expect(await client.listIssueTaskRuns(WS, 'i1')).toEqual([run]);
    expect(await client.listComments(WS, 'i1')).toEqual([sampleComment()]);
  });

  it('refuses an answer that is not the documented shape, without retrying it', async () => {
    const { client, delays } = await setUp();
    tracker.answer('GET', '/api/agents', { status: 200, json: { agents: [] } });
    tracker.answer('GET', '/api/runtimes', { status: 200, text: 'not json', contentType: 'text/html' });

    const shape = await failureOf(client.listAgents(WS));
    expect(shape.kind).toBe('http');
    expect(shape.message).toBe('tracker GET /api/agents gave an unreadable answer: expected an array');
    const notJson = await failureOf(client.listRuntimes(WS));
    expect(notJson.message).toBe('tracker GET /api/runtimes answered 200: the answer is not JSON');
    expect(delays).toEqual([]);
  });
});

describe('error bodies', () => {
  it('parses the text/plain JSON-looking body of a 401', async () => {
    const { client } = await setUp();
    tracker.answer('GET', '/api/workspaces', {
      status: 401,
      text: '{"error":"invalid token"}\n',
      contentType: 'text/plain; charset=utf-8',
    });

    const error = await failureOf(client.listWorkspaces());
    expect(error).toMatchObject({ kind: 'http', status: 401, detail: 'invalid token', method: 'GET' });
    expect(error.path).toBe('/api/workspaces');
    expect(error.message).toBe('tracker GET /api/workspaces answered 401: invalid token');
    expect(error.message).not.toContain(TOKEN);
  });

  it('gives the reason and reason_code of a 422 agent_unavailable', async () => {
    const { client } = await setUp();
    tracker.answer('POST', '/api/issues/quick-create', {
      status: 422,
      json: { code: 'agent_unavailable', reason: 'agent runtime is offline', reason_code: 'runtime_offline' },
    });

    const error = await failureOf(client.quickCreate(WS, { prompt: 'hi', agent_id: 'a1' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      code: 'agent_unavailable',
      detail: 'agent runtime is offline',
      reasonCode: 'runtime_offline',
    });
    expect(error.message).toBe(
      'tracker POST /api/issues/quick-create answered 422: agent_unavailable: agent runtime is offline',
    );
  });

  it('keeps code and error text of coded errors, and the text of a non-JSON 404', async () => {
    const { client } = await setUp();
    tracker.answer('GET', '/api/issues/ACME-9', { status: 404, json: { error: 'issue not found' } });
    const notFound = await failureOf(client.getIssue(WS, 'ACME-9'));
    expect(notFound).toMatchObject({ status: 404, detail: 'issue not found' });
    expect(notFound.code).toBeUndefined();

    const unknownRoute = await failureOf(client.listComments(WS, 'i1'));
    expect(unknownRoute).toMatchObject({ status: 404, detail: '404 page not found' });
  });
});

describe('writes', () => {
  it('quick-creates with a JSON body and returns the task id of the 202', async () => {
    const { client } = await setUp();
    tracker.answer('POST', '/api/issues/quick-create', { status: 202, json: { task_id: 't1' } });
    const input = { prompt: 'Fix it', agent_id: 'a1', project_id: 'p1', attachment_ids: ['f1'] };

    expect(await client.quickCreate(WS, input)).toEqual({ task_id: 't1' });
    const [seen] = tracker.requests;
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['x-workspace-id']).toBe(WS);
    expect(JSON.parse(seen?.body.toString() ?? '')).toEqual(input);
  });

  it('posts a comment (201) and cancels a task with no body', async () => {
    const { client } = await setUp();
    const comment = sampleComment({ parent_id: 'c0' });
    tracker.answer('POST', '/api/issues/ACME-4/comments', { status: 201, json: comment });
    const cancelled = sampleTask({ status: 'cancelled' });
    tracker.answer('POST', '/api/tasks/t1/cancel', { status: 200, json: cancelled });

    expect(await client.createComment(WS, 'ACME-4', { content: 'ok', parent_id: 'c0' })).toEqual(comment);
    expect(await client.cancelTask(WS, 't1')).toEqual(cancelled);
    expect(JSON.parse(tracker.requests[0]?.body.toString() ?? '')).toEqual({
      content: 'ok',
      parent_id: 'c0',
    });
    expect(tracker.requests[1]?.body.length).toBe(0);
  });

  it('uploads the bytes as the multipart part `file` with its filename and type', async () => {
    const { client } = await setUp();
    const attachment = {
      id: 'f1',
      filename: 'shot.png',
      url: 'http://x/uploads/f1.png',
      markdown_url: 'http://x/api/attachments/f1/download',
    };
    tracker.answer('POST', '/api/upload-file', { status: 200, json: attachment });
    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);

    expect(await client.uploadFile(WS, { filename: 'shot.png', contentType: 'image/png', data })).toEqual(
      attachment,
    );
    const [seen] = tracker.requests;
    expect(seen?.headers['x-workspace-id']).toBe(WS);
    const contentType = String(seen?.headers['content-type']);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(seen?.body, { headers: { 'content-type': contentType } }).formData();
    expect([...form.keys()]).toEqual(['file']);
    const file = form.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('shot.png');
    expect((file as File).type).toBe('image/png');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(data);
  });
});
