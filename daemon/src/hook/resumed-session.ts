import { RESUMED_SESSION_ENV } from './hook-constants';

/**
 * Whether the agent session a hook runs for is one Ringback resumed from the phone, where nobody
 * is at the terminal. The resume names the session in `RINGBACK_RESUMED_SESSION`; the agent hands
 * its environment on to what its commands start (a tmux server, say), so a session started from
 * there inherits the name and is not the one named. A hook that cannot tell its session (a payload
 * it cannot read) counts as resumed: the side that leaves no approval undecided.
 */
export function isResumedSession(env: NodeJS.ProcessEnv, sessionId: string | undefined): boolean {
  const resumed = env[RESUMED_SESSION_ENV];
  if (!resumed) return false;
  return sessionId === undefined || sessionId === resumed;
}

/** The session a hook payload names (Claude Code and Codex: `session_id`), if it can be read. */
export function payloadSessionId(input: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(input);
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { session_id: session, thread_id: thread } = payload as Record<string, unknown>;
    if (typeof session === 'string' && session !== '') return session;
    return typeof thread === 'string' && thread !== '' ? thread : undefined;
  } catch {
    return undefined;
  }
}
