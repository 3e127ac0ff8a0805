import type { DaemonEventBody, TrackerReportBody } from '@ringback/protocol';
import { type Dispatcher, request } from 'undici';

/** A relay answer the outbox classifies (2xx delivered, 409 duplicate_task delivered, …). */
export interface RelayAnswer {
  httpStatus: number;
  errorCode?: string;
}

export interface RelayTarget {
  serverUrl: string;
  deviceToken: string;
}

/** One attempt may not hang the outbox: a relay that does not answer in time is a network error. */
const RELAY_TIMEOUT_MS = 30_000;

/**
 * POSTs one sealed event to the relay. Resolves with whatever status came back; rejects only
 * when no HTTP answer arrived (refused, reset, timed out), which the outbox retries.
 */
export async function postDaemonEvent(
  target: RelayTarget,
  path: '/v1/daemon/events' | '/v1/daemon/tracker-reports',
  body: DaemonEventBody | TrackerReportBody,
  dispatcher?: Dispatcher,
  /** Gives the attempt up (a permission call's hook that went away or a deadline): it rejects. */
  signal?: AbortSignal,
): Promise<RelayAnswer> {
  // Relative to the server URL so a relay mounted under a path prefix keeps it.
  const url = new URL(
    path.slice(1),
    target.serverUrl.endsWith('/') ? target.serverUrl : `${target.serverUrl}/`,
  );
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.deviceToken}` },
    body: JSON.stringify(body),
    headersTimeout: RELAY_TIMEOUT_MS,
    bodyTimeout: RELAY_TIMEOUT_MS,
    ...(dispatcher ? { dispatcher } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await response.body.text();
  const answer: RelayAnswer = { httpStatus: response.statusCode };
  if (response.statusCode >= 400) {
    const code = errorCodeOf(text);
    if (code) answer.errorCode = code;
  }
  return answer;
}

function errorCodeOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}
