import type { ErrorCode } from '@ringback/protocol';

/** Why a request to the computer failed, in words the device may show; sealed into an `error` frame. */
export class ComputerFailure extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'ComputerFailure';
    this.code = code;
  }
}

/** Combines the caller's signal with a deadline: nothing outbound waits forever. */
export function withDeadline(signal: AbortSignal, timeoutMs: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
}

/** Words for an outbound call that failed, never holding the key that was sent. */
export function describeOutboundFailure(
  what: string,
  error: unknown,
  signal: AbortSignal,
  secret: string,
): ComputerFailure {
  const timedOut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
  if (timedOut) return new ComputerFailure('upstream_failed', `the ${what} did not answer in time`);
  const message = error instanceof Error ? error.message : String(error);
  return new ComputerFailure(
    'upstream_failed',
    `the ${what} failed: ${message.split(secret).join('****')}`.slice(0, 500),
  );
}
