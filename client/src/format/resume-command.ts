import { shellQuote } from './shell-quote';

/** A local agent's session, or a tracker task (which has no local session to resume). */
export type ResumeTarget = { source: string; cwd: string; sessionId: string } | { source: 'tracker' };

/**
 * The command that goes back to the agent session a call came from, ready to paste into a shell, or null
 * when there is none (tracker tasks, or a report without a session or directory).
 */
export function resumeCommand(target: ResumeTarget): string | null {
  if (!('sessionId' in target)) return null;
  const { source, cwd, sessionId } = target;
  if (cwd === '' || sessionId === '') return null;
  const cd = `cd ${shellQuote(cwd)}`;
  if (source === 'claude-code') return `${cd} && claude --resume ${shellQuote(sessionId)}`;
  if (source === 'codex') return `${cd} && codex resume ${shellQuote(sessionId)}`;
  return null;
}
