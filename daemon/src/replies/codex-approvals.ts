import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PermissionCallSettings } from '@ringback/protocol';
import { codexHomeOf, readCodexHookTrust } from '../install/codex-hook-trust';
import { readTomlScalars } from '../install/toml-scalars';

/**
 * Seconds Codex's timeout for the hook must leave beyond the wait: the daemon answers at the end
 * of the wait, and the hook must print its deny before Codex ends it.
 */
const HOOK_ANSWER_MARGIN_SECONDS = 10;

/** Where Codex reads an organisation's requirements and managed config on Unix. */
const CODEX_SYSTEM_DIR = '/etc/codex';

/**
 * Files by which an organisation manages Codex: they may run only managed hooks
 * (`allow_managed_hooks_only`), give the reviewer a policy of their own, or override our flags.
 */
const MANAGED_FILES = ['requirements.toml', 'managed_config.toml'];

/** A matcher that lets the hook see every tool's approvals (Codex's regex; `*` for all). */
const MATCHES_ALL = (matcher: unknown) => matcher === undefined || matcher === '' || matcher === '*';

export type CodexApprovals = { byHook: true; hookTimeoutSeconds: number } | { byHook: false; why: string };

/**
 * Whether a Codex turn Ringback resumes may send its approvals to our PermissionRequest hook,
 * and so to the phone. `codex exec` never asks for approval unless Codex's reviewer is on
 * (`approvals_reviewer = "auto_review"`), and the reviewer is a model: it decides whatever the
 * hooks leave undecided. Our hook leaves nothing undecided in a resumed session (no answer is a
 * deny), but only where Codex runs it for every approval and gives it time to answer: our hook
 * installed and trusted, for every tool, with a timeout beyond the wait, Codex hooks not turned
 * off by the user, no organisation's requirements that could set them aside, and permission calls
 * on for Codex. Anywhere else the turn keeps Codex's `never`: nothing is asked, nothing escalates.
 */
export async function codexApprovalsByHook(
  home: string,
  env: NodeJS.ProcessEnv,
  settings: PermissionCallSettings,
  deps: { systemDir?: string } = {},
): Promise<CodexApprovals> {
  if (!settings.enabled || !settings.agents.codex) return { byHook: false, why: 'permission calls are off' };
  const managed = await firstExisting(deps.systemDir ?? CODEX_SYSTEM_DIR, MANAGED_FILES);
  if (managed) return { byHook: false, why: `your organisation manages Codex (${managed})` };
  const trust = await readCodexHookTrust(home, env);
  const hook = trust.permissionHook;
  if (!hook) return { byHook: false, why: 'the permission hook is not installed' };
  if (hook.trust === 'unknown')
    return {
      byHook: false,
      why: `Codex's trust in the permission hook could not be read (${trust.problem})`,
    };
  if (hook.trust !== 'trusted')
    return { byHook: false, why: `Codex does not run the permission hook (${hook.trust})` };
  if (!MATCHES_ALL(hook.matcher))
    return { byHook: false, why: 'the permission hook sees only some tools (its matcher)' };
  if (hook.timeoutSeconds < settings.waitSeconds + HOOK_ANSWER_MARGIN_SECONDS)
    return {
      byHook: false,
      why: `Codex ends the permission hook after ${hook.timeoutSeconds} s, before the wait of ${settings.waitSeconds} s is over`,
    };
  if (await hooksTurnedOff(home, env))
    return { byHook: false, why: "hooks are turned off in Codex's config.toml ([features] hooks = false)" };
  return { byHook: true, hookTimeoutSeconds: hook.timeoutSeconds };
}

async function firstExisting(dir: string, names: string[]): Promise<string | undefined> {
  for (const name of names) {
    const path = join(dir, name);
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}

/** `[features] hooks = false` (or its old name `codex_hooks`) in the user's `config.toml`. */
async function hooksTurnedOff(home: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  // Readable and followable: readCodexHookTrust has just read it as trusted.
  const text = await readFile(join(await codexHomeOf(home, env), 'config.toml'), 'utf8').catch(() => '');
  return readTomlScalars(text).some(
    ({ path, value }) =>
      path.length === 2 &&
      path[0] === 'features' &&
      (path[1] === 'hooks' || path[1] === 'codex_hooks') &&
      value === false,
  );
}
