import { readFileSync } from 'node:fs';
import { PERMISSION_HOOK_DEADLINE_MS } from './hook-constants';
import { type HookAgent, permissionDetails } from './permission-details';
import { decisionOutput } from './permission-output';
import { postPermissionRequest } from './post-permission';
import { localPort } from './run-hook';

export interface PermissionHookOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The daemon's port; read from the data dir when absent. */
  port?: number;
  deadlineMs?: number;
}

/**
 * One permission request, from the agent's payload to what the hook prints: the agent's
 * decision JSON when the daemon decided, else '' (no decision: the agent's own approval goes
 * on). Never throws; never answers allow unless the daemon said allow.
 */
export async function runPermissionHook(
  agent: HookAgent,
  input: string,
  options: PermissionHookOptions,
): Promise<string> {
  try {
    const details = permissionDetails(agent, JSON.parse(input), options.env, options.cwd);
    if (!details) return '';
    const answer = await postPermissionRequest(
      options.port ?? localPort(options.env),
      agent,
      JSON.stringify(details),
      options.deadlineMs ?? PERMISSION_HOOK_DEADLINE_MS,
    );
    return answer ? decisionOutput(agent, answer) : '';
  } catch {
    return '';
  }
}

/**
 * `ringback hook claude-code|codex permission`: the agents' PermissionRequest hook. Waits for
 * the phone through the daemon, prints the decision for the agent, and always exits 0: on any
 * failure it prints nothing and the agent shows its own prompt. The agent's per-hook timeout,
 * or the user answering at the terminal, ends it sooner (the daemon sees the connection close).
 */
export async function runPermissionHookCommand(agent: string | undefined): Promise<void> {
  process.exitCode = 0;
  if (agent !== 'claude-code' && agent !== 'codex') return;
  let input = '';
  try {
    input = readFileSync(0, 'utf8');
  } catch {
    return;
  }
  const output = await runPermissionHook(agent, input, { env: process.env, cwd: process.cwd() });
  if (output) await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
  // A stray handle must not keep the agent waiting once the answer is out.
  process.exit(0);
}
