import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionCallSettingsReply } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/cli-io';
import { ConfigStore } from '../config/config-store';
import { readCodexHookTrust } from '../install/codex-hook-trust';
import { runInstallCommand } from '../install/index';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { createPermissionCalls } from '../presence/permission-calls';
import type { DeadlineRunner } from '../presence/run-with-deadline';

const KEY = 'k'.repeat(43);
const headers = { authorization: `Bearer ${KEY}`, host: '127.0.0.1:8790' };

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** The daemon's permission-call routes over a real config file, with `idle` as the OS idle time. */
async function build(idleMs: number | null = null, session: NodeJS.ProcessEnv = {}) {
  const home = await mkdtemp(join(tmpdir(), 'ringback-permission-calls-'));
  const dataDir = join(home, '.ringback');
  await mkdir(dataDir);
  const logger = createMemoryLogger();
  const { store } = await ConfigStore.open(dataDir, logger);
  const run: DeadlineRunner = async (command) =>
    command === 'xprintidle' && idleMs !== null
      ? { code: 0, stdout: `${idleMs}\n` }
      : { code: null, stdout: '' };
  const env = { ...session, RINGBACK_HOME: dataDir };
  const calls = createPermissionCalls({ config: store, logger, home, env, platform: 'linux', run });
  app = await buildLocalApi({ localApiKey: KEY, logger, routes: [calls.routes] });
  const api = app;
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const response = await api.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const io: CliIo = {
    stdout: () => {},
    stderr: () => {},
    env,
    home,
    nodePath: '/usr/bin/node',
    cliScript: '/opt/ringback/ringback.mjs',
  };
  return { app: api, call, calls, home, dataDir, logger, io, configFile: join(dataDir, 'daemon.json') };
}

describe('permission-call settings', () => {
  it('start at the defaults, with the presence the computer reads', async () => {
    const { call } = await build(125_000);
    expect(await call('GET', '/settings/permission-calls')).toEqual({
      status: 200,
      body: {
        settings: {
          enabled: true,
          agents: { 'claude-code': true, codex: true },
          waitSeconds: 600,
          idleSeconds: 60,
          away: 'auto',
        },
        presence: { away: true, signal: 'linux-session', idleSeconds: 125 },
      },
    });
  });

  it('change field by field, saved to daemon.json (mode 600), and the gate follows', async () => {
    const { call, calls, configFile } = await build(null);
    const put = await call('PUT', '/settings/permission-calls', { agents: { codex: false }, away: 'on' });
    expect(put).toMatchObject({
      status: 200,
      body: {
        settings: { enabled: true, agents: { 'claude-code': true, codex: false }, away: 'on' },
        presence: { away: true, signal: 'manual' },
      },
    });
    const saved = JSON.parse(await readFile(configFile, 'utf8'));
    expect(saved.permissionCalls).toEqual(put.body.settings);
    expect((await stat(configFile)).mode & 0o777).toBe(0o600);

    const request = {
      source: 'codex' as const,
      sessionId: 's',
      cwd: '/w',
      toolName: 'Bash',
      action: 'command' as const,
      subject: 'rm -rf build',
      description: null,
      resumed: false,
    };
    expect(await calls.gate.check(request)).toEqual({ ring: false, reason: 'disabled' });
    expect(await calls.gate.check({ ...request, source: 'claude-code' })).toEqual({
      ring: true,
      waitMs: 600_000,
    });
    await call('PUT', '/settings/permission-calls', { away: 'off' });
    expect(await calls.gate.check({ ...request, source: 'claude-code' })).toEqual({
      ring: false,
      reason: 'at_desk',
    });
  });

  it('keep both of two changes made at once (the phone turns Codex off while the tray sets away)', async () => {
    const { app, configFile } = await build(null);
    // Over real HTTP on a loopback port, as the tray and the relay link reach the daemon.
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const put = async (body: object) => {
      const response = await fetch(`${url}/settings/permission-calls`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    };
    // Each round flips both fields from different requests in flight together; a lost change
    // shows as the previous round's value.
    for (let round = 0; round < 25; round += 1) {
      const codex = round % 2 === 1;
      const away = round % 2 === 0 ? 'on' : 'off';
      await Promise.all([put({ agents: { codex } }), put({ away })]);
      const saved = JSON.parse(await readFile(configFile, 'utf8')).permissionCalls;
      expect({ round, codex: saved.agents.codex, away: saved.away }).toEqual({ round, codex, away });
      const got = (await (
        await fetch(`${url}/settings/permission-calls`, { headers: { authorization: `Bearer ${KEY}` } })
      ).json()) as PermissionCallSettingsReply;
      expect({ round, codex: got.settings.agents.codex, away: got.settings.away }).toEqual({
        round,
        codex,
        away,
      });
    }
  });

  it('refuses values out of bounds and unknown fields, changing nothing', async () => {
    const { call, configFile } = await build();
    for (const body of [{ waitSeconds: 5 }, { idleSeconds: 99999 }, { away: 'maybe' }, { ringtone: 'x' }]) {
      expect((await call('PUT', '/settings/permission-calls', body)).status, JSON.stringify(body)).toBe(400);
    }
    await expect(stat(configFile)).rejects.toThrow();
  });

  it('are reachable through the relay; the presence report is not', async () => {
    const { app, call } = await build();
    expect(await app.runRelayed('PUT', '/settings/permission-calls', { enabled: false })).toMatchObject({
      status: 200,
      body: { settings: { enabled: false } },
    });
    expect(await app.runRelayed('GET', '/settings/permission-calls', undefined)).toMatchObject({
      status: 200,
      body: { settings: { enabled: false } },
    });
    expect(await app.runRelayed('POST', '/presence', { idleSeconds: 9000 })).toMatchObject({
      status: 403,
      body: { error: 'not_relayed' },
    });
    expect((await call('GET', '/settings/permission-calls')).body.presence.signal).toBe('none');
  });

  it("count a Wayland session without the desktop's idle monitor as having no signal, whatever XWayland says", async () => {
    // xprintidle would say 125 s (XWayland sees no input to Wayland windows): not used.
    const { call } = await build(125_000, { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' });
    expect((await call('GET', '/settings/permission-calls')).body.presence).toEqual({
      away: false,
      signal: 'none',
      idleSeconds: null,
    });
  });
});

describe('POST /presence', () => {
  it("takes the desktop app's idle time over the OS's, and needs the local API key", async () => {
    const { app, call } = await build(5_000);
    expect(await call('POST', '/presence', { idleSeconds: 240 })).toEqual({
      status: 200,
      body: { away: true, signal: 'desktop-app', idleSeconds: 240 },
    });
    expect((await call('GET', '/settings/permission-calls')).body.presence.signal).toBe('desktop-app');
    expect((await call('POST', '/presence', { idleSeconds: -1 })).status).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/presence',
      headers: { host: '127.0.0.1:8790' },
      payload: { idleSeconds: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a new wait', () => {
  it("rewrites the installed permission hooks' timeouts in place, but not one Codex trusts", async () => {
    const { call, home, io, logger } = await build();
    expect(await runInstallCommand([], io)).toBe(0);
    const claudeFile = join(home, '.claude', 'settings.json');
    const codexFile = join(home, '.codex', 'hooks.json');
    const timeoutIn = async (path: string) =>
      JSON.parse(await readFile(path, 'utf8')).hooks.PermissionRequest[0].hooks[0].timeout;
    expect(await timeoutIn(claudeFile)).toBe(630);

    await call('PUT', '/settings/permission-calls', { waitSeconds: 120 });
    expect(await timeoutIn(claudeFile)).toBe(150);
    // Codex does not trust it yet: nothing to lose, it follows too.
    expect(await timeoutIn(codexFile)).toBe(150);

    // Once Codex trusts it, a new timeout would make Codex skip it: it is kept, and the log says why.
    const permission = (await readCodexHookTrust(home, {})).permissionHook;
    await writeFile(
      join(home, '.codex', 'config.toml'),
      `[hooks.state."${permission?.key}"]\ntrusted_hash = "${permission?.hash}"\n`,
    );
    const before = await readFile(codexFile, 'utf8');
    await call('PUT', '/settings/permission-calls', { waitSeconds: 900 });
    expect(await timeoutIn(claudeFile)).toBe(930);
    expect(await readFile(codexFile, 'utf8')).toBe(before);
    expect((await readCodexHookTrust(home, {})).permissionHook?.trust).toBe('trusted');
    expect(logger.lines.join('\n')).toContain(
      'codex hook timeout not changed (Codex trusts the hook as it is',
    );

    // Nothing else changes them: the same wait again writes nothing.
    const claudeBefore = await readFile(claudeFile, 'utf8');
    await call('PUT', '/settings/permission-calls', { waitSeconds: 900, idleSeconds: 120 });
    expect(await readFile(claudeFile, 'utf8')).toBe(claudeBefore);
  });

  it("keeps Codex's hook as it is when Codex's trust cannot be read, and the log says why", async () => {
    const { call, home, io, logger } = await build();
    expect(await runInstallCommand([], io)).toBe(0);
    const codexFile = join(home, '.codex', 'hooks.json');
    const configToml = join(home, '.codex', 'config.toml');
    const permission = (await readCodexHookTrust(home, {})).permissionHook;
    const trusted = `[hooks.state."${permission?.key}"]\ntrusted_hash = "${permission?.hash}"\n`;
    const before = await readFile(codexFile, 'utf8');
    let wait = 120;
    // A config.toml that does not parse, then one that cannot be read (a directory in its place).
    for (const breakIt of [
      () => writeFile(configToml, `${trusted}[hooks.state\n`),
      async () => {
        await rm(configToml);
        await mkdir(configToml);
      },
    ]) {
      await breakIt();
      await call('PUT', '/settings/permission-calls', { waitSeconds: wait });
      expect(await readFile(codexFile, 'utf8')).toBe(before);
      expect(logger.lines.join('\n')).toMatch(
        new RegExp(
          `permission wait now ${wait} s: codex hook timeout not changed \\(could not read whether Codex trusts the hook \\(config\\.toml: `,
        ),
      );
      wait += 60;
    }
    // Once readable, the trust it shows is the one the user gave: untouched.
    await rm(configToml, { recursive: true });
    await writeFile(configToml, trusted);
    expect((await readCodexHookTrust(home, {})).permissionHook?.trust).toBe('trusted');
  });

  it('leaves the hooks with the wait in force when two waits are set at once', async () => {
    const { call, home, io } = await build();
    expect(await runInstallCommand([], io)).toBe(0);
    const claudeFile = join(home, '.claude', 'settings.json');
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        call('PUT', '/settings/permission-calls', { waitSeconds: 120 + round }),
        call('PUT', '/settings/permission-calls', { waitSeconds: 900 + round }),
      ]);
      const wait = (await call('GET', '/settings/permission-calls')).body.settings.waitSeconds;
      const timeout = JSON.parse(await readFile(claudeFile, 'utf8')).hooks.PermissionRequest[0].hooks[0]
        .timeout;
      expect({ round, timeout }).toEqual({ round, timeout: wait + 30 });
    }
  });

  it('adds no hook where none was installed', async () => {
    const { call, home } = await build();
    await call('PUT', '/settings/permission-calls', { waitSeconds: 120 });
    await expect(stat(join(home, '.claude', 'settings.json'))).rejects.toThrow();
  });
});
