import type { PermissionCallSettings } from '@ringback/protocol';
import { readCodexHookTrust } from '../install/codex-hook-trust';

/**
 * Seconds Codex's timeout for the hook must leave beyond the wait: the daemon answers at the end
 * of the wait, and the hook must print its deny before Codex ends it.
 */
const HOOK_ANSWER_MARGIN_SECONDS = 10;

/** A matcher that lets the hook see every tool's approvals (Codex's regex; `*` for all). */
const MATCHES_ALL = (matcher: unknown) => matcher === undefined || matcher === '' || matcher === '*';

export type CodexApprovals = { byHook: true } | { byHook: false; why: string };

/**
 * Whether a Codex turn Ringback resumes may send its approvals to our PermissionRequest hook,
 * and so to the phone. `codex exec` never asks for approval unless Codex's reviewer is on
 * (`approvals_reviewer = "auto_review"`), and the reviewer is a model: it decides whatever the
 * hooks leave undecided. Our hook leaves nothing undecided in a resumed session (no answer is a
 * deny), but only where Codex runs it for every approval and gives it time to answer: our hook
 * installed and trusted, for every tool, with a timeout beyond the wait, and permission calls on
 * for Codex. Anywhere else the turn keeps Codex's `never`: nothing is asked, nothing escalates.
 */
export async function codexApprovalsByHook(
  home: string,
  env: NodeJS.ProcessEnv,
  settings: PermissionCallSettings,
): Promise<CodexApprovals> {
  if (!settings.enabled || !settings.agents.codex) return { byHook: false, why: 'permission calls are off' };
  const hook = (await readCodexHookTrust(home, env)).permissionHook;
  if (!hook) return { byHook: false, why: 'the permission hook is not installed' };
  if (hook.trust !== 'trusted')
    return { byHook: false, why: `Codex does not run the permission hook (${hook.trust})` };
  if (!MATCHES_ALL(hook.matcher))
    return { byHook: false, why: 'the permission hook sees only some tools (its matcher)' };
  if (hook.timeoutSeconds < settings.waitSeconds + HOOK_ANSWER_MARGIN_SECONDS)
    return {
      byHook: false,
      why: `Codex ends the permission hook after ${hook.timeoutSeconds} s, before the wait of ${settings.waitSeconds} s is over`,
    };
  return { byHook: true };
}
