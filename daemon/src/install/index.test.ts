import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/cli-io';
import { readCodexHookTrust } from './codex-hook-trust';
import { runInstallCommand, runUninstallCommand } from './index';
import { countRingbackHooks, type HookConfig } from './stop-hooks';

const NODE = '/usr/local/bin/node';
const SCRIPT = '/Users/dev/Ringback App/dist/ringback.mjs';

let home: string;
let codexHome: string;
let claudeSettings: string;
let codexHooks: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'ringback-install-'));
  codexHome = join(home, 'custom-codex');
  claudeSettings = join(home, '.claude', 'settings.json');
  codexHooks = join(codexHome, 'hooks.json');
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

interface Captured {
  io: CliIo;
  stdout: () => string;
  stderr: () => string;
}

function captureIo(env: NodeJS.ProcessEnv = { CODEX_HOME: codexHome }): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      env,
      home,
      nodePath: NODE,
      cliScript: SCRIPT,
    },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as HookConfig;
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The Stop hook commands of a config, in order. */
function stopCommands(config: HookConfig): string[] {
  const stop = (config.hooks as { Stop?: { hooks: { command: string }[] }[] } | undefined)?.Stop ?? [];
  return stop.flatMap((group) => group.hooks.map((hook) => hook.command));
}

/** The PermissionRequest handlers of a config, in order. */
function permissionHandlers(config: HookConfig): Record<string, unknown>[] {
  const groups =
    (config.hooks as { PermissionRequest?: { hooks: Record<string, unknown>[] }[] } | undefined)
      ?.PermissionRequest ?? [];
  return groups.flatMap((group) => group.hooks);
}

const ourCommand = (agent: string) => `"${NODE}" "${SCRIPT}" hook ${agent}`;

const claudeOriginal: HookConfig = {
  $schema: 'https://json.schemastore.org/claude-code-settings.json',
  model: 'opus',
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/guard.sh' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'afplay /System/Library/Sounds/Glass.aiff' }] }],
  },
  permissions: { allow: ['Bash(npm test:*)'] },
};
const codexOriginal: HookConfig = {
  hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send Codex done', timeout: 5 }] }] },
};

/** Both files as a user has them, written the way the agents write them, with mode 644. */
async function writeOriginals(): Promise<{ claude: string; codex: string }> {
  const claude = `${JSON.stringify(claudeOriginal, null, 2)}\n`;
  const codex = `${JSON.stringify(codexOriginal, null, 2)}\n`;
  await mkdir(join(home, '.claude'), { recursive: true });
  await mkdir(codexHome, { recursive: true });
  await writeFile(claudeSettings, claude);
  await writeFile(codexHooks, codex);
  await chmod(claudeSettings, 0o644);
  await chmod(codexHooks, 0o644);
  return { claude, codex };
}

describe('runInstallCommand', () => {
  it('creates both hook files, private to the user, each with one Ringback Stop hook', async () => {
    const run = captureIo();
    expect(await runInstallCommand([], run.io)).toBe(0);

    expect(stopCommands(await readJson(claudeSettings))).toEqual([ourCommand('claude-code')]);
    expect(stopCommands(await readJson(codexHooks))).toEqual([ourCommand('codex')]);
    expect(await modeOf(claudeSettings)).toBe(0o600);
    expect(await modeOf(codexHooks)).toBe(0o600);
    expect(run.stdout()).toContain(`Claude Code: Stop hook installed in ${claudeSettings}`);
    expect(run.stdout()).toContain(`Codex: Stop hook installed in ${codexHooks}`);
    expect(run.stderr()).toBe('');
  });

  it('tells the user to trust the Codex hook through /hooks', async () => {
    const run = captureIo();
    await runInstallCommand([], run.io);
    expect(run.stdout()).toMatch(/trust/i);
    expect(run.stdout()).toContain('/hooks');
  });

  it('keeps what the files held, and their mode', async () => {
    await writeOriginals();
    expect(await runInstallCommand([], captureIo().io)).toBe(0);

    const claude = await readJson(claudeSettings);
    expect(Object.keys(claude)).toEqual(Object.keys(claudeOriginal));
    expect(claude.model).toBe('opus');
    expect(claude.permissions).toEqual(claudeOriginal.permissions);
    expect((claude.hooks as HookConfig).PreToolUse).toEqual((claudeOriginal.hooks as HookConfig).PreToolUse);
    expect(stopCommands(claude)).toEqual([
      'afplay /System/Library/Sounds/Glass.aiff',
      ourCommand('claude-code'),
    ]);
    expect(stopCommands(await readJson(codexHooks))).toEqual(['notify-send Codex done', ourCommand('codex')]);
    expect(await modeOf(claudeSettings)).toBe(0o644);
    expect(await modeOf(codexHooks)).toBe(0o644);
  });

  it('leaves one hook per agent when run again, replacing legacy hooks and saying so', async () => {
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(
      claudeSettings,
      JSON.stringify({
        hooks: {
          Stop: [
            { hooks: [{ type: 'command', command: 'ringback hook claude-code' }] },
            { hooks: [{ type: 'command', command: '/usr/local/bin/ringback-hook' }] },
          ],
        },
      }),
    );
    const first = captureIo();
    expect(await runInstallCommand([], first.io)).toBe(0);
    expect(first.stdout()).toContain('(replaced 2 earlier Ringback hooks)');

    const second = captureIo();
    expect(await runInstallCommand([], second.io)).toBe(0);
    expect(second.stdout()).toContain('(replaced 1 earlier Ringback hook)');
    expect(stopCommands(await readJson(claudeSettings))).toEqual([ourCommand('claude-code')]);
    expect(countRingbackHooks(await readJson(codexHooks))).toBe(1);
  });

  it('keeps a hook Codex trusts trusted when run again, and says whether Codex trusts it', async () => {
    await writeOriginals();
    const first = captureIo();
    await runInstallCommand([], first.io);
    expect(first.stdout()).toContain(
      'Codex: Codex skips this hook until you trust it. Open Codex, type /hooks',
    );
    // The user trusts both hooks in Codex's /hooks screen, which writes their hashes.
    const before = await readFile(codexHooks, 'utf8');
    const trust = await readCodexHookTrust(home, { CODEX_HOME: codexHome });
    const ours = trust.hook;
    const permission = trust.permissionHook;
    expect(ours?.key).toBe(`${codexHooks}:stop:1:0`);
    expect(permission?.key).toBe(`${codexHooks}:permission_request:0:0`);
    await writeFile(
      join(codexHome, 'config.toml'),
      `[hooks.state."${ours?.key}"]\ntrusted_hash = "${ours?.hash}"\n` +
        `[hooks.state."${permission?.key}"]\ntrusted_hash = "${permission?.hash}"\n`,
    );

    const again = captureIo();
    expect(await runInstallCommand([], again.io)).toBe(0);
    expect(await readFile(codexHooks, 'utf8')).toBe(before);
    expect((await readCodexHookTrust(home, { CODEX_HOME: codexHome })).hook?.trust).toBe('trusted');
    expect(again.stdout()).toContain('Codex: trusts this hook already.');
    expect(again.stdout()).toContain('Codex: trusts the permission hook already.');
    expect(again.stdout()).not.toContain('type /hooks');
    expect((await readCodexHookTrust(home, { CODEX_HOME: codexHome })).permissionHook?.trust).toBe('trusted');
  });

  it('registers the permission hook beside the Stop hook, with the wait plus 30 s as its timeout', async () => {
    await writeOriginals();
    const run = captureIo();
    expect(await runInstallCommand([], run.io)).toBe(0);

    for (const [path, agent] of [
      [claudeSettings, 'claude-code'],
      [codexHooks, 'codex'],
    ] as const) {
      const config = await readJson(path);
      expect(permissionHandlers(config)).toEqual([
        { type: 'command', command: `${ourCommand(agent)} permission`, timeout: 630 },
      ]);
      // The Stop hook stays the Stop hook, with its own short timeout.
      expect(stopCommands(config)).toContain(ourCommand(agent));
      expect(countRingbackHooks(config, 'PermissionRequest')).toBe(1);
    }
    expect(run.stdout()).toContain(`Claude Code: PermissionRequest hook installed in ${claudeSettings}`);
    expect(run.stdout()).toContain('Open Codex, type /hooks and trust the Ringback PermissionRequest hook');
  });

  it('takes the wait from daemon.json, and a reinstall after it changed replaces the hook in place', async () => {
    const dataDir = join(home, 'data');
    await mkdir(dataDir, { recursive: true });
    const env = { CODEX_HOME: codexHome, RINGBACK_HOME: dataDir };
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ permissionCalls: { waitSeconds: 120 } }));
    expect(await runInstallCommand([], captureIo(env).io)).toBe(0);
    expect(permissionHandlers(await readJson(claudeSettings))[0]?.timeout).toBe(150);
    // A user hook added after ours keeps its place behind it.
    const installed = await readJson(claudeSettings);
    const groups = (installed.hooks as { PermissionRequest: unknown[] }).PermissionRequest;
    groups.push({ matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh' }] });
    await writeFile(claudeSettings, JSON.stringify(installed, null, 2));

    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ permissionCalls: { waitSeconds: 900 } }));
    expect(await runInstallCommand([], captureIo(env).io)).toBe(0);
    const after = await readJson(claudeSettings);
    expect((after.hooks as { PermissionRequest: unknown[] }).PermissionRequest).toEqual([
      { hooks: [{ type: 'command', command: `${ourCommand('claude-code')} permission`, timeout: 930 }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh' }] },
    ]);
    expect(permissionHandlers(await readJson(codexHooks))[0]?.timeout).toBe(930);
  });

  it("leaves Codex's installed hooks as they are when Codex's trust cannot be read, and says why", async () => {
    const dataDir = join(home, 'data');
    await mkdir(dataDir, { recursive: true });
    const env = { CODEX_HOME: codexHome, RINGBACK_HOME: dataDir };
    await writeOriginals();
    expect(await runInstallCommand([], captureIo(env).io)).toBe(0);
    // The user trusts both hooks in Codex's /hooks screen.
    const trust = await readCodexHookTrust(home, env);
    const trusted =
      `[hooks.state."${trust.hook?.key}"]\ntrusted_hash = "${trust.hook?.hash}"\n` +
      `[hooks.state."${trust.permissionHook?.key}"]\ntrusted_hash = "${trust.permissionHook?.hash}"\n`;
    const configToml = join(codexHome, 'config.toml');
    const before = await readFile(codexHooks, 'utf8');
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ permissionCalls: { waitSeconds: 120 } }));

    // A config.toml that does not parse, then one that cannot be read at all: a new timeout
    // could make Codex skip a hook it trusts, so Codex's hooks stay as they are.
    for (const breakIt of [
      () => writeFile(configToml, `${trusted}[hooks.state\n`),
      async () => {
        await rm(configToml);
        await mkdir(configToml);
      },
    ]) {
      await breakIt();
      const run = captureIo(env);
      expect(await runInstallCommand([], run.io)).toBe(1);
      expect(await readFile(codexHooks, 'utf8')).toBe(before);
      expect(permissionHandlers(await readJson(claudeSettings))[0]?.timeout).toBe(150);
      expect(run.stderr()).toMatch(
        /^Codex: PermissionRequest hook left as it was \(timeout 630 s\): could not read whether Codex trusts it \(config\.toml: .+\)/m,
      );
      // Unknown is not untrusted: no claim that Codex skips the hooks.
      expect(run.stdout()).not.toContain('until you trust it');
      expect(run.stdout()).toMatch(/^Codex: could not read whether Codex trusts this hook \(config\.toml: /m);
      expect(run.stdout()).not.toContain(`PermissionRequest hook installed in ${codexHooks}`);
    }

    // Readable again: the reinstall writes the new timeout (and says to trust it again).
    await rm(configToml, { recursive: true });
    await writeFile(configToml, trusted);
    const fixed = captureIo(env);
    expect(await runInstallCommand([], fixed.io)).toBe(0);
    expect(permissionHandlers(await readJson(codexHooks))[0]?.timeout).toBe(150);
    expect(fixed.stdout()).toContain('Codex: trusts this hook already.');
    expect(fixed.stdout()).toContain('Codex skips the permission hook: it changed since you trusted it.');
  });

  it("installs Codex's hooks where none was, even when Codex's trust cannot be read", async () => {
    await mkdir(codexHome, { recursive: true });
    await writeFile(join(codexHome, 'config.toml'), 'model = "unterminated\n');
    const run = captureIo();
    expect(await runInstallCommand([], run.io)).toBe(0);
    expect(stopCommands(await readJson(codexHooks))).toEqual([ourCommand('codex')]);
    expect(permissionHandlers(await readJson(codexHooks))).toHaveLength(1);
    expect(run.stdout()).toMatch(
      /^Codex: could not read whether Codex trusts this hook \(config\.toml: .+\)/m,
    );
    expect(run.stdout()).toContain('type /hooks');
  });

  it('uses ~/.codex when CODEX_HOME is not set', async () => {
    expect(await runInstallCommand([], captureIo({}).io)).toBe(0);
    expect(stopCommands(await readJson(join(home, '.codex', 'hooks.json')))).toEqual([ourCommand('codex')]);
    expect(await exists(codexHooks)).toBe(false);
  });

  it('leaves a settings.json that is not valid JSON byte for byte, says so, and still installs Codex', async () => {
    const broken = '{\n  "model": "opus",\n  // my note\n}\n';
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(claudeSettings, broken);
    const run = captureIo();

    expect(await runInstallCommand([], run.io)).toBe(1);
    expect(run.stderr()).toContain(claudeSettings);
    expect(run.stderr()).toMatch(/^Claude Code: not installed: .*not valid JSON/m);
    expect(await readFile(claudeSettings, 'utf8')).toBe(broken);
    expect(stopCommands(await readJson(codexHooks))).toEqual([ourCommand('codex')]);
    expect(run.stdout()).toContain('/hooks');
  });

  it('refuses an argument without writing anything', async () => {
    const run = captureIo();
    expect(await runInstallCommand(['--force'], run.io)).toBe(2);
    expect(run.stderr()).toContain("unexpected argument '--force'");
    expect(await exists(claudeSettings)).toBe(false);
    expect(await exists(codexHooks)).toBe(false);
  });
});

describe('runUninstallCommand', () => {
  it('restores both files to what they held before install, mode included', async () => {
    const originals = await writeOriginals();
    await runInstallCommand([], captureIo().io);
    const run = captureIo();

    expect(await runUninstallCommand([], run.io)).toBe(0);
    expect(await readJson(claudeSettings)).toEqual(claudeOriginal);
    expect(await readJson(codexHooks)).toEqual(codexOriginal);
    // Written back in the agents' layout, the files are the very same text.
    expect(await readFile(claudeSettings, 'utf8')).toBe(originals.claude);
    expect(await readFile(codexHooks, 'utf8')).toBe(originals.codex);
    expect(await modeOf(claudeSettings)).toBe(0o644);
    expect(run.stdout()).toContain(`Claude Code: removed 1 Ringback hook from ${claudeSettings}`);
    expect(run.stdout()).toContain(`Codex: removed 1 Ringback hook from ${codexHooks}`);
    expect(run.stdout()).toContain(`Codex: removed the Ringback PermissionRequest hook from ${codexHooks}`);
  });

  it('leaves files without a Ringback hook, or missing, as they are', async () => {
    await mkdir(join(home, '.claude'), { recursive: true });
    const text = '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo ringbacks"}]}]}}';
    await writeFile(claudeSettings, text);
    const run = captureIo();

    expect(await runUninstallCommand([], run.io)).toBe(0);
    expect(await readFile(claudeSettings, 'utf8')).toBe(text);
    expect(await exists(codexHooks)).toBe(false);
    expect(run.stdout()).toContain(`Claude Code: no Ringback hook in ${claudeSettings}`);
    expect(run.stdout()).toContain(`Codex: no Ringback hook in ${codexHooks}`);
  });

  it('fails on an invalid file without changing it, and still cleans the other', async () => {
    await runInstallCommand([], captureIo().io);
    await writeFile(claudeSettings, '{ "hooks": ');
    const run = captureIo();

    expect(await runUninstallCommand([], run.io)).toBe(1);
    expect(run.stderr()).toContain(claudeSettings);
    expect(await readFile(claudeSettings, 'utf8')).toBe('{ "hooks": ');
    expect(await readJson(codexHooks)).toEqual({});
  });
});
