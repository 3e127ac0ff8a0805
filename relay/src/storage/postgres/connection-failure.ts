/** Socket errors: the database could not be reached, or the link to it broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), an admin or
 * crash shutdown and a server still starting (57P01–57P03), and a statement cancelled by
 * `statement_timeout` (57014: locks held too long, an overloaded server).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|57014)$/;

/** What the `pg` driver itself throws when a connection times out or dies under a query. */
const DRIVER_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|timeout expired|Connection terminated|Client has encountered a connection error)/;

/**
 * Whether a failure means "PostgreSQL cannot be reached right now", not a fault of the request:
 * the relay then answers 503 `relay_unavailable`, so a client tries another instance or later.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}
