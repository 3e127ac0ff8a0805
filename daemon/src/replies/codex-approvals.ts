import { readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { PermissionCallSettings } from '@ringback/protocol';
import type { DaemonConfig } from '../config/daemon-config';
import { codexHomeOf, readCodexHookTrust } from '../install/codex-hook-trust';
import { readTomlScalars } from '../install/toml-scalars';

/**
 * Seconds Codex's timeout for the hook must leave beyond the wait: the daemon answers at the end
 * of the wait, and the hook must print its deny before Codex ends it.
 */
const HOOK_ANSWER_MARGIN_SECONDS = 10;

/** Where Codex reads an organisation's requirements and managed config. */
const codexSystemDir = (env: NodeJS.ProcessEnv) =>
  process.platform === 'win32' ? join(env.ProgramData || 'C:\\ProgramData', 'OpenAI', 'Codex') : '/etc/codex';

/**
 * Files by which an organisation manages Codex: they may run only managed hooks
 * (`allow_managed_hooks_only`), pin hooks off, give the reviewer a policy of their own, or
 * override our flags. In `/etc/codex`; a business, enterprise or edu workspace's cloud
 * requirements, cached in Codex's home; on macOS, managed preferences (MDM).
 */
const MANAGED_FILES = ['requirements.toml', 'managed_config.toml'];
/** The cache's name, and the older one some Codex versions still write. */
const CLOUD_REQUIREMENTS_CACHES = ['cloud-config-bundle-cache.json', 'cloud-requirements-cache.json'];
const MAC_MANAGED_PREFERENCES = 'com.openai.codex.plist';

/** A matcher that lets the hook see every tool's approvals (Codex's regex; `*` for all). */
const MATCHES_ALL = (matcher: unknown) => matcher === undefined || matcher === '' || matcher === '*';

/** `replies.codexApprovalsOnPhone` in daemon.json: false keeps resumed Codex turns asking nobody. */
export const codexApprovalsOnPhone = (config: DaemonConfig): boolean =>
  config.replies?.codexApprovalsOnPhone !== false;

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
  deps: {
    systemDir?: string;
    /** macOS's `/Library/Managed Preferences` (absent elsewhere). */
    managedPreferencesDir?: string;
    /** daemon.json's `replies.codexApprovalsOnPhone` (default true). */
    onPhone?: boolean;
  } = {},
): Promise<CodexApprovals> {
  if (deps.onPhone === false) return { byHook: false, why: 'replies.codexApprovalsOnPhone is false' };
  if (!settings.enabled || !settings.agents.codex) return { byHook: false, why: 'permission calls are off' };
  const managed = await firstExisting(await managedPaths(home, env, deps));
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

async function managedPaths(
  home: string,
  env: NodeJS.ProcessEnv,
  deps: { systemDir?: string; managedPreferencesDir?: string },
): Promise<string[]> {
  const systemDir = deps.systemDir ?? codexSystemDir(env);
  const codexHome = await codexHomeOf(home, env);
  const preferences =
    deps.managedPreferencesDir ??
    (process.platform === 'darwin' ? '/Library/Managed Preferences' : undefined);
  return [
    ...MANAGED_FILES.map((name) => join(systemDir, name)),
    ...CLOUD_REQUIREMENTS_CACHES.map((name) => join(codexHome, name)),
    ...(preferences
      ? [
          join(preferences, MAC_MANAGED_PREFERENCES),
          join(preferences, userInfo().username, MAC_MANAGED_PREFERENCES),
        ]
      : []),
  ];
}

async function firstExisting(paths: string[]): Promise<string | undefined> {
  for (const path of paths) {
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (exists) return path;
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
