import { agentHookFiles } from './agent-hook-files';
import { readCodexHookTrust } from './codex-hook-trust';
import { readHookConfig, writeHookConfig } from './hook-config-file';
import { ringbackHooks, withRingbackHookTimeout } from './stop-hooks';

/** What became of one agent's installed permission hook when the wait changed. */
export interface PermissionTimeoutChange {
  agent: 'claude-code' | 'codex';
  /** `updated`: rewritten in place; `kept`: left as it was (see `why`); `absent`: not installed. */
  outcome: 'updated' | 'unchanged' | 'kept' | 'absent' | 'failed';
  why?: string;
}

/**
 * Sets the per-hook `timeout` of the installed permission hooks to `timeoutSeconds`, each where
 * it stands, when the wait changed (`PUT /settings/permission-calls`). A hook that is not
 * installed is not added: only `ringback install` registers hooks.
 *
 * Codex keys its trust by a hash of the hook that covers its timeout: rewriting a hook Codex
 * trusts would make Codex skip it (and so ring no more) until the user trusts it again in /hooks.
 * Such a hook is kept as it is; a longer wait is then cut short by Codex at the old timeout,
 * which the daemon sees as the hook gone (the call ends "answered at the computer", and Codex
 * shows its own prompt): never an allow. `ringback install` writes the new timeout and says to
 * trust the hook again. A hook whose trust cannot be read (a `config.toml` that does not parse
 * or cannot be read) is kept too: it may be trusted.
 */
export async function updatePermissionHookTimeouts(
  home: string,
  env: NodeJS.ProcessEnv,
  timeoutSeconds: number,
): Promise<PermissionTimeoutChange[]> {
  const changes: PermissionTimeoutChange[] = [];
  for (const file of agentHookFiles(home, env)) {
    try {
      const config = await readHookConfig(file.path);
      const installed = ringbackHooks(config, 'PermissionRequest');
      if (installed.length === 0) {
        changes.push({ agent: file.agent, outcome: 'absent' });
        continue;
      }
      if (installed.every((hook) => hook.timeout === timeoutSeconds)) {
        changes.push({ agent: file.agent, outcome: 'unchanged' });
        continue;
      }
      if (file.agent === 'codex') {
        const report = await readCodexHookTrust(home, env);
        const trust = report.permissionHook?.trust;
        if (trust === 'unknown' || (trust === undefined && report.problem)) {
          // The user may trust it: never rewrite Codex's hook from a state we could not read.
          changes.push({
            agent: file.agent,
            outcome: 'kept',
            why: `could not read whether Codex trusts the hook (${report.problem}); a new timeout could make Codex skip it`,
          });
          continue;
        }
        if (trust === 'trusted' || trust === 'disabled') {
          changes.push({
            agent: file.agent,
            outcome: 'kept',
            why: `Codex ${trust === 'trusted' ? 'trusts' : 'has turned off'} the hook as it is; a new timeout would need trusting again (run \`ringback install\`, then /hooks in Codex)`,
          });
          continue;
        }
      }
      await writeHookConfig(file.path, withRingbackHookTimeout(config, 'PermissionRequest', timeoutSeconds));
      changes.push({ agent: file.agent, outcome: 'updated' });
    } catch (error) {
      changes.push({ agent: file.agent, outcome: 'failed', why: (error as Error).message });
    }
  }
  return changes;
}
