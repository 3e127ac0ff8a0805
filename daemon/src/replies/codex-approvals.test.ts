import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PERMISSION_CALL_SETTINGS } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { codexHookHash } from '../install/codex-hook-trust';
import { hookCommand } from '../install/stop-hooks';
import { codexApprovalsByHook } from './codex-approvals';

const PERMISSION = hookCommand('/usr/bin/node', '/opt/ringback/ringback.mjs', 'codex', 'PermissionRequest');
const SETTINGS = DEFAULT_PERMISSION_CALL_SETTINGS;
/** No `/etc/codex`: this machine's own is none of these tests' business. */
const NO_SYSTEM = { systemDir: join(tmpdir(), 'ringback-no-etc-codex') };

/** A home whose Codex lists our permission hook, as `ringback install` writes it, trusted or not. */
async function home(
  options: { timeout?: number; matcher?: string; trusted?: boolean; hook?: boolean; config?: string } = {},
): Promise<string> {
  const { timeout = SETTINGS.waitSeconds + 30, matcher, trusted = true, hook = true, config = '' } = options;
  const dir = await mkdtemp(join(tmpdir(), 'ringback-codex-approvals-'));
  const codexHome = join(dir, '.codex');
  await mkdir(codexHome);
  const handler = { type: 'command', command: PERMISSION, timeout };
  const group = matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
  const hooks = hook ? { PermissionRequest: [group] } : {};
  await writeFile(join(codexHome, 'hooks.json'), JSON.stringify({ hooks }));
  if (trusted) {
    const key = `${codexHome}/hooks.json:permission_request:0:0`;
    const hash = codexHookHash('PermissionRequest', handler, matcher);
    await writeFile(
      join(codexHome, 'config.toml'),
      `${config}\n[hooks.state."${key}"]\ntrusted_hash = "${hash}"\n`,
    );
  }
  return dir;
}

/** A directory standing for `/etc/codex`, holding `files`. */
async function systemDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-etc-codex-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

describe('codexApprovalsByHook', () => {
  it('sends a resumed turn’s approvals to our hook when Codex runs it for every tool, with time to answer', async () => {
    const byHook = { byHook: true, hookTimeoutSeconds: SETTINGS.waitSeconds + 30 };
    expect(await codexApprovalsByHook(await home(), {}, SETTINGS, NO_SYSTEM)).toEqual(byHook);
    expect(await codexApprovalsByHook(await home({ matcher: '*' }), {}, SETTINGS, NO_SYSTEM)).toEqual(byHook);
    // Other features, and hooks said on, change nothing.
    const config = '[features]\nhooks = true\nweb_search_request = false\n';
    expect(await codexApprovalsByHook(await home({ config }), {}, SETTINGS, NO_SYSTEM)).toEqual(byHook);
  });

  it('keeps Codex asking nobody where the user turned Codex hooks off, or an organisation manages Codex', async () => {
    const refused = async (dir: string, etc?: string) =>
      codexApprovalsByHook(dir, {}, SETTINGS, etc === undefined ? NO_SYSTEM : { systemDir: etc });
    expect(await refused(await home({ config: '[features]\nhooks = false\n' }))).toEqual({
      byHook: false,
      why: "hooks are turned off in Codex's config.toml ([features] hooks = false)",
    });
    expect((await refused(await home({ config: 'features.codex_hooks = false\n' }))).byHook).toBe(false);
    // Managed requirements may run only managed hooks, or give the reviewer a policy of their own.
    for (const file of ['requirements.toml', 'managed_config.toml']) {
      const etc = await systemDir({ [file]: 'allow_managed_hooks_only = true\n' });
      expect(await refused(await home(), etc)).toEqual({
        byHook: false,
        why: `your organisation manages Codex (${join(etc, file)})`,
      });
    }
    expect((await refused(await home(), await systemDir({ 'config.toml': 'model = "x"\n' }))).byHook).toBe(
      true,
    );
    // A workspace's cloud requirements, cached in Codex's home.
    for (const cache of ['cloud-config-bundle-cache.json', 'cloud-requirements-cache.json']) {
      const cloud = await home();
      await writeFile(join(cloud, '.codex', cache), '{}');
      expect((await refused(cloud)).byHook, cache).toBe(false);
    }
    // macOS managed preferences, for all users or for this one.
    const preferences = await systemDir();
    const managedPreferencesDir = { ...NO_SYSTEM, managedPreferencesDir: preferences };
    expect((await codexApprovalsByHook(await home(), {}, SETTINGS, managedPreferencesDir)).byHook).toBe(true);
    await mkdir(join(preferences, userInfo().username));
    await writeFile(join(preferences, userInfo().username, 'com.openai.codex.plist'), '');
    expect(await codexApprovalsByHook(await home(), {}, SETTINGS, managedPreferencesDir)).toMatchObject({
      byHook: false,
      why: expect.stringContaining('com.openai.codex.plist'),
    });
  });

  it('keeps Codex asking nobody when an approval could reach anyone but the phone', async () => {
    const refused = async (dir: string, settings = SETTINGS) =>
      (await codexApprovalsByHook(dir, {}, settings, NO_SYSTEM)).byHook;
    // No hook, or one Codex does not run: Codex's model reviewer would decide alone.
    expect(await refused(await home({ hook: false }))).toBe(false);
    expect(await refused(await home({ trusted: false }))).toBe(false);
    // A hook that sees only some tools' approvals: the others would go to the reviewer.
    expect(await refused(await home({ matcher: '^Bash$' }))).toBe(false);
    // Codex would end the hook before the wait is over: no decision, the reviewer again.
    expect(await refused(await home({ timeout: SETTINGS.waitSeconds }))).toBe(false);
    // Permission calls off, in all or for Codex.
    expect(await refused(await home(), { ...SETTINGS, enabled: false })).toBe(false);
    expect(await refused(await home(), { ...SETTINGS, agents: { ...SETTINGS.agents, codex: false } })).toBe(
      false,
    );
  });

  it("keeps Codex asking nobody where daemon.json's replies.codexApprovalsOnPhone is false", async () => {
    expect(await codexApprovalsByHook(await home(), {}, SETTINGS, { ...NO_SYSTEM, onPhone: false })).toEqual({
      byHook: false,
      why: 'replies.codexApprovalsOnPhone is false',
    });
  });

  it('says why not', async () => {
    expect(await codexApprovalsByHook(await home({ trusted: false }), {}, SETTINGS, NO_SYSTEM)).toEqual({
      byHook: false,
      why: 'Codex does not run the permission hook (untrusted)',
    });
    const unreadable = await home();
    await writeFile(join(unreadable, '.codex', 'config.toml'), '[hooks.state\n');
    expect(await codexApprovalsByHook(unreadable, {}, SETTINGS, NO_SYSTEM)).toMatchObject({
      byHook: false,
      why: expect.stringMatching(/^Codex's trust in the permission hook could not be read/),
    });
  });
});
