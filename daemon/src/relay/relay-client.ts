import { type ErrorCode, isErrorCode, RingbackError } from '@ringback/protocol';
import { request } from 'undici';

const RELAY_CALL_TIMEOUT_MS = 15_000;

/**
 * One JSON call to the relay. A relay error keeps its code (`claim_code_required`,
 * `invalid_pairing_code`, …); an unreachable relay is a clear message naming the URL.
 */
export async function callRelay<T>(
  serverUrl: string,
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string } = {},
): Promise<T> {
  const url = new URL(path.replace(/^\//, ''), serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      headersTimeout: RELAY_CALL_TIMEOUT_MS,
      bodyTimeout: RELAY_CALL_TIMEOUT_MS,
    });
  } catch (error) {
    throw new RingbackError(
      'relay_unreachable',
      `cannot reach the relay at ${serverUrl}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const text = await response.body.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.statusCode >= 400) {
    const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
    const code: ErrorCode = isErrorCode(error)
      ? error
      : response.statusCode === 401
        ? 'unauthorized'
        : 'internal_error';
    throw new RingbackError(
      code,
      typeof message === 'string' ? message : `the relay answered ${response.statusCode}`,
    );
  }
  return body as T;
}
