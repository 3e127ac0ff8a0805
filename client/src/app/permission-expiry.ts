import { isExpired, type QueuedCall } from '@ringback/machines';

/**
 * The soonest moment, after `now`, that the agent of one of these permission calls stops waiting
 * (the calls page then shows that call as expired); null when none is still waiting.
 */
export function nextExpiry(calls: readonly QueuedCall[], now: number): number | null {
  let soonest: number | null = null;
  for (const { report } of calls) {
    if (report.kind !== 'permission' || report.expiresAt === undefined || isExpired(report, now)) continue;
    if (soonest === null || report.expiresAt < soonest) soonest = report.expiresAt;
  }
  return soonest;
}
