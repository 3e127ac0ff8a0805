import type { HookAgent } from './permission-details';

/** The daemon's decision, as `POST /permission-request` answers it. */
export interface PermissionDecision {
  behavior: 'allow' | 'deny';
  message?: string;
}

/**
 * What the model reads in a session resumed from the phone when the phone gave no decision:
 * there is no terminal to fall back on, so it is a deny.
 */
export const NO_ANSWER_MESSAGE =
  'Nobody allowed this on the phone (no answer in time, or the phone could not be reached), so it was not done. ' +
  'This session was resumed from the phone and has no terminal to ask at.';

/** What the agent is told when the phone denies without words. */
export const DEFAULT_DENY_MESSAGE = 'The user denied this from their phone.';

/**
 * The decision JSON the agent reads on the hook's stdout. Claude Code (2.1.197) and Codex
 * (0.169) read the same shape: `hookSpecificOutput.decision` with `behavior` and, for a deny,
 * `message`, which the model receives as the tool's result. Codex refuses the hook's output
 * whole (and falls back to its own prompt) if the decision carries `updatedInput`,
 * `updatedPermissions` or `interrupt: true`, so nothing else is ever added.
 */
export function decisionOutput(_agent: HookAgent, decision: PermissionDecision): string {
  const body =
    decision.behavior === 'allow'
      ? { behavior: 'allow' as const }
      : { behavior: 'deny' as const, message: decision.message?.trim() || DEFAULT_DENY_MESSAGE };
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: body } });
}
