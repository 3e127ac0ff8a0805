import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PERMISSION_CALL_SETTINGS } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { codexHookHash } from '../install/codex-hook-trust';
import { hookCommand } from '../install/stop-hooks';
import { codexApprovalsByHook } from './codex-approvals';

const PERMISSION = hookCommand('/usr/bin/node', '/opt/ringback/ringback.mjs', 'codex', 'PermissionRequest');
const SETTINGS = DEFAULT_PERMISSION_CALL_SETTINGS;

/** A home whose Codex lists our permission hook, as `ringback install` writes it, trusted or not. */
async function home(
  options: { timeout?: number; matcher?: string; trusted?: boolean; hook?: boolean } = {},
): Promise<string> {
  const { timeout = SETTINGS.waitSeconds + 30, matcher, trusted = true, hook = true } = options;
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
    await writeFile(join(codexHome, 'config.toml'), `[hooks.state."${key}"]\ntrusted_hash = "${hash}"\n`);
  }
  return dir;
}

describe('codexApprovalsByHook', () => {
  it('sends a resumed turn’s approvals to our hook when Codex runs it for every tool, with time to answer', async () => {
    expect(await codexApprovalsByHook(await home(), {}, SETTINGS)).toEqual({ byHook: true });
    expect(await codexApprovalsByHook(await home({ matcher: '*' }), {}, SETTINGS)).toEqual({ byHook: true });
  });

  it('keeps Codex asking nobody when an approval could reach anyone but the phone', async () => {
    const refused = async (dir: string, settings = SETTINGS) =>
      (await codexApprovalsByHook(dir, {}, settings)).byHook;
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

  it('says why not', async () => {
    expect(await codexApprovalsByHook(await home({ trusted: false }), {}, SETTINGS)).toEqual({
      byHook: false,
      why: 'Codex does not run the permission hook (untrusted)',
    });
  });
});
