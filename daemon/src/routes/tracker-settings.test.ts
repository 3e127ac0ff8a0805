import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RingbackError, type TrackerWorkspace, type TrackerWorkspaceStatus } from '@ringback/protocol';
import type { FastifyInstance, InjectOptions } from 'fastify';

import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { trackerSettingsRoutes } from './tracker-settings';

const KEY = 'k'.repeat(43);
const headers = { authorization: `Bearer ${KEY}`, host: '127.0.0.1:8790' };
const TOKEN = `mul_${'a'.repeat(36)}9f3c`;
const OTHER_TOKEN = `mul_${'b'.repeat(36)}77d1`;
const ACME: TrackerWorkspace = { id: 'ws-acme', name: 'Acme', slug: 'acme', issuePrefix: 'ACME' };
const LABS: TrackerWorkspace = { id: 'ws-labs', name: 'Labs', slug: 'labs', issuePrefix: 'LAB' };

let app: FastifyInstance;
afterEach(async () => app?.close());

async function build(
  reach: Record<string, TrackerWorkspace[]> = { [TOKEN]: [ACME, LABS], [OTHER_TOKEN]: [LABS] },
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-tracker-settings-'));
  const { store } = await ConfigStore.open(dataDir, createMemoryLogger());
  const asked: string[] = [];
  let reloads = 0;
  const statuses: TrackerWorkspaceStatus[] = [
    { workspaceId: 'ws-acme', state: 'connected', since: '2026-11-23T10:00:00.000Z' },
    { workspaceId: 'ws-old', state: 'disconnected', since: '2026-11-23T10:00:00.000Z' },
  ];
  app = await buildLocalApi({
    localApiKey: KEY,
    logger: createMemoryLogger(),
    routes: [
      trackerSettingsRoutes({
        config: store,
        listWorkspaces: async (token) => {
          asked.push(token);
          const workspaces = reach[token];
          if (!workspaces) throw new RingbackError('invalid_tracker_token', 'the tracker refused the token');
          return workspaces;
        },
        watcher: { statuses: () => statuses, reload: () => void reloads++ },
      }),
    ],
  });
  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { store, call, asked, reloads: () => reloads, configFile: join(dataDir, 'daemon.json') };
}

describe('tracker settings', () => {
  it('starts empty: no workspaces, no hint', async () => {
    const { call } = await build();
    expect(await call('GET', '/tracker/settings')).toEqual({
      status: 200,
      body: { settings: { workspaces: [], tokenHint: null }, status: { workspaces: [] } },
    });
  });

  it('lists the workspaces a pasted token reaches, and the saved token’s without one', async () => {
    const { call, asked } = await build();
    expect(await call('POST', '/tracker/workspaces', { token: TOKEN })).toEqual({
      status: 200,
      body: { workspaces: [ACME, LABS] },
    });
    expect(await call('POST', '/tracker/workspaces', {})).toMatchObject({
      status: 422,
      body: { error: 'tracker_not_configured' },
    });
    expect(await call('POST', '/tracker/workspaces', { token: 'mul_wrong' })).toMatchObject({
      status: 422,
      body: { error: 'invalid_tracker_token' },
    });
    await call('PUT', '/tracker/settings', { token: TOKEN, workspaceIds: ['ws-acme'] });
    expect(await call('POST', '/tracker/workspaces', {})).toMatchObject({
      status: 200,
      body: { workspaces: [ACME, LABS] },
    });
    const bodyless = await call('POST', '/tracker/workspaces');
    expect(bodyless, JSON.stringify(bodyless)).toMatchObject({ status: 200 });
    expect(asked.at(-1)).toBe(TOKEN);
  });

  it('checks the token and the workspaces with the tracker before saving; returns only the hint', async () => {
    const { call, reloads, configFile } = await build();
    const saved = await call('PUT', '/tracker/settings', {
      token: TOKEN,
      workspaceIds: ['ws-acme', 'ws-labs'],
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        settings: { workspaces: [ACME, LABS], tokenHint: '****…9f3c' },
        status: { workspaces: [{ workspaceId: 'ws-acme', state: 'connected', since: expect.any(String) }] },
      },
    });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    expect(reloads()).toBe(1);
    const file = JSON.parse(await readFile(configFile, 'utf8'));
    expect(file.tracker).toEqual({ token: TOKEN, workspaces: [ACME, LABS] });

    // Refusals save nothing.
    expect(
      await call('PUT', '/tracker/settings', { token: 'mul_wrong', workspaceIds: ['ws-acme'] }),
    ).toMatchObject({
      status: 422,
      body: { error: 'invalid_tracker_token' },
    });
    expect(
      await call('PUT', '/tracker/settings', { token: OTHER_TOKEN, workspaceIds: ['ws-acme'] }),
    ).toMatchObject({
      status: 422,
      body: { error: 'workspace_not_found' },
    });
    expect(await call('PUT', '/tracker/settings', { workspaceIds: [] })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(JSON.parse(await readFile(configFile, 'utf8')).tracker.token).toBe(TOKEN);
    expect(reloads()).toBe(1);
  });

  it('changes only the workspaces without a token, and reads an older client’s single workspace', async () => {
    const { call } = await build();
    expect(await call('PUT', '/tracker/settings', { workspaceIds: ['ws-acme'] })).toMatchObject({
      status: 422,
      body: { error: 'tracker_not_configured' },
    });
    await call('PUT', '/tracker/settings', { token: TOKEN, workspaceIds: ['ws-acme'] });
    const changed = await call('PUT', '/tracker/settings', { workspaceIds: ['ws-labs'] });
    expect(changed.body.settings).toEqual({ workspaces: [LABS], tokenHint: '****…9f3c' });
    const legacy = await call('PUT', '/tracker/settings', { token: OTHER_TOKEN, workspaceId: 'ws-labs' });
    expect(legacy.body.settings).toEqual({ workspaces: [LABS], tokenHint: '****…77d1' });
  });

  it('deletes the token and disconnects', async () => {
    const { call, reloads, configFile } = await build();
    await call('PUT', '/tracker/settings', { token: TOKEN, workspaceIds: ['ws-acme'] });
    expect(await call('DELETE', '/tracker/settings')).toEqual({
      status: 200,
      body: { settings: { workspaces: [], tokenHint: null }, status: { workspaces: [] } },
    });
    expect(reloads()).toBe(2);
    expect(JSON.parse(await readFile(configFile, 'utf8')).tracker).toBeUndefined();
  });

  it('refuses unknown fields and malformed bodies with invalid_request', async () => {
    const { call } = await build();
    for (const body of [
      { token: TOKEN, workspaceIds: 'ws-acme' },
      { workspaceIds: ['ws-acme'], extra: 1 },
      [1],
    ]) {
      expect(await call('PUT', '/tracker/settings', body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      });
    }
  });
});
