import type { HandledBy } from '@ringback/protocol';
import type { RequestTimeoutError } from '../net';

/**
 * A relay call that failed: `status` is the HTTP status (0 when the relay could not be reached
 * or answered something unreadable) and `code` the relay's error code (`call_taken`, …).
 */
export class RelayError extends Error {
  readonly status: number;
  readonly code: string;
  /** With `call_taken`: the device that has the call. */
  readonly handledBy: HandledBy | null;
  /** From a 429 or 503's `Retry-After` (delay-seconds), in ms; null when it gave none. */
  readonly retryAfterMs: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    handledBy: HandledBy | null = null,
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'RelayError';
    this.status = status;
    this.code = code;
    this.handledBy = handledBy;
    this.retryAfterMs = retryAfterMs;
  }
}

/** 401: the device token was refused (the device was removed): stop and return to welcome. */
export class RelayUnauthorizedError extends RelayError {
  constructor(message = 'this device is no longer on the account') {
    super(401, 'unauthorized', message);
    this.name = 'RelayUnauthorizedError';
  }
}

/**
 * The relay did not answer in time. Its code stays `network_error`, so whatever retries or
 * explains an unreachable relay handles a hung one the same way; the message names the relay's
 * host and the deadline, and the timeout itself is the cause.
 */
export class RelayTimeoutError extends RelayError {
  constructor(timeout: RequestTimeoutError) {
    super(0, 'network_error', timeout.message);
    this.name = 'RelayTimeoutError';
    this.cause = timeout;
  }
}

/** The error a failed answer stands for, read from its `{error, message, handledBy?}` body. */
export async function relayErrorOf(response: Response): Promise<RelayError> {
  let body: { error?: unknown; message?: unknown; handledBy?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the status alone says what happened.
  }
  const message = typeof body.message === 'string' ? body.message : `the relay answered ${response.status}`;
  if (response.status === 401) return new RelayUnauthorizedError(message);
  const code = typeof body.error === 'string' ? body.error : 'http_error';
  return new RelayError(
    response.status,
    code,
    message,
    handledByOf(body.handledBy),
    retryAfterOf(response.headers.get('retry-after')),
  );
}

/** `Retry-After` in delay-seconds as ms; an HTTP date or anything else is null (the caller's own backoff). */
function retryAfterOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
}

function handledByOf(value: unknown): HandledBy | null {
  if (typeof value !== 'object' || value === null) return null;
  const { deviceId, name } = value as Record<string, unknown>;
  return typeof deviceId === 'string' && typeof name === 'string' ? { deviceId, name } : null;
}
