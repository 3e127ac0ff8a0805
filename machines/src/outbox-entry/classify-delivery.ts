/** What the relay answered one delivery attempt. */
export interface DeliveryResult {
  httpStatus: number;
  errorCode?: string;
}

/** The host could not try yet (not logged in to a relay, no end-to-end key): nothing was sent. */
export interface DeliveryNotReady {
  notReady: string;
}

/** What one delivery invocation reports: the relay's answer, or that it could not be asked. */
export type DeliveryAttempt = DeliveryResult | DeliveryNotReady;

export function isNotReady(attempt: DeliveryAttempt): attempt is DeliveryNotReady {
  return 'notReady' in attempt;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'drop';

/**
 * The spec's delivery rules: 2xx delivered; 409 `duplicate_task` delivered (another computer
 * already reported the task); network errors, 5xx and 429 retried; any other 4xx dropped.
 */
export function classifyDelivery(result: DeliveryResult | 'network_error'): DeliveryOutcome {
  if (result === 'network_error') return 'retry';
  const status = result.httpStatus;
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 409 && result.errorCode === 'duplicate_task') return 'delivered';
  if (status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'drop';
  // 1xx/3xx are not answers a relay gives to this POST; try again rather than lose the report.
  return 'retry';
}
