import { BASE_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS } from '@ringback/machines';

/**
 * `RINGBACK_DELIVERY_RETRY_MAX_MS`: for cross-process tests, the longest wait between delivery
 * attempts while the relay is down (5 min otherwise), so a test of an outage sees its probes in
 * seconds. Read once at start. A value that is not a whole number of ms from 1 s to 5 min stops
 * the daemon from starting: a test that meant to shorten the wait must not quietly wait 5 min.
 */
export function deliveryRetryMaxFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.RINGBACK_DELIVERY_RETRY_MAX_MS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const ms = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(ms >= BASE_RETRY_DELAY_MS && ms <= MAX_RETRY_DELAY_MS))
    throw new Error(
      `RINGBACK_DELIVERY_RETRY_MAX_MS must be a whole number of milliseconds from ${BASE_RETRY_DELAY_MS} to ${MAX_RETRY_DELAY_MS}, not "${raw}"`,
    );
  return ms;
}
