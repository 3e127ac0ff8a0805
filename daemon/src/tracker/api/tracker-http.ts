import { type Dispatcher, type FormData, request } from 'undici';
import { BodyTooLargeError, readCappedBody } from './read-capped-body';
import { describeNetworkError, parseErrorBody, TrackerRequestError } from './tracker-error';

/**
 * The most of one answer the daemon holds in memory. The largest answers it reads are an agent's
 * whole task history and an issue's newest 2 000 comments, both far below this in practice; past
 * it, a broken or hostile tracker could otherwise fill the daemon's memory with one answer.
 */
export const TRACKER_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Where and as whom to call the tracker. */
export interface TrackerConnection {
  /** e.g. `https://api.multica.ai`; a path prefix (`https://host/multica`) is kept. */
  baseUrl: string;
  /** A `mul_` personal access token. Never logged. */
  token: string;
  dispatcher?: Dispatcher;
  /** Defaults to TRACKER_MAX_BODY_BYTES; tests lower it. */
  maxBodyBytes?: number;
}

/** One call: `path` is the API path (`/api/issues`), kept unencoded-free by the caller. */
export interface TrackerRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  /** Sent as `X-Workspace-ID` on workspace-scoped routes. */
  workspaceId?: string;
  json?: unknown;
  form?: FormData;
  /** Whole-request deadline (connect, headers and body); passing it is a network error. */
  timeoutMs: number;
}

/**
 * Sends one request, once. Resolves with the parsed JSON body of a 2xx answer; rejects with a
 * TrackerRequestError for everything else (no answer, timeout, non-2xx, unreadable 2xx body).
 */
export async function sendTrackerRequest(
  connection: TrackerConnection,
  call: TrackerRequest,
): Promise<unknown> {
  const { method, path } = call;
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${connection.token}`,
  };
  if (call.workspaceId !== undefined) headers['x-workspace-id'] = call.workspaceId;
  let body: string | FormData | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form !== undefined) {
    // undici writes the multipart content-type with its boundary itself.
    body = call.form;
  }

  const signal = AbortSignal.timeout(call.timeoutMs);
  const maxBodyBytes = connection.maxBodyBytes ?? TRACKER_MAX_BODY_BYTES;
  let status = 0;
  let text: string;
  try {
    const response = await request(urlOf(connection.baseUrl, path, call.query), {
      method,
      headers,
      signal,
      ...(body !== undefined ? { body } : {}),
      ...(connection.dispatcher ? { dispatcher: connection.dispatcher } : {}),
    });
    status = response.statusCode;
    text = await readCappedBody(response.body, maxBodyBytes, response.headers['content-length']);
  } catch (error) {
    // Not a network failure: the tracker answered, with more than we will hold.
    if (error instanceof BodyTooLargeError) {
      throw new TrackerRequestError({
        kind: 'http',
        method,
        path,
        status,
        detail: error.message,
        cause: error,
      });
    }
    const detail = signal.aborted ? `timed out after ${call.timeoutMs} ms` : describeNetworkError(error);
    throw new TrackerRequestError({ kind: 'network', method, path, detail, cause: error });
  }

  if (status < 200 || status > 299) {
    throw new TrackerRequestError({ kind: 'http', method, path, status, ...parseErrorBody(text) });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TrackerRequestError({
      kind: 'http',
      method,
      path,
      status,
      detail: 'the answer is not JSON',
      cause: error,
    });
  }
}

/** Resolved relative to the base so a tracker mounted under a path prefix keeps it. */
function urlOf(baseUrl: string, path: string, query: TrackerRequest['query']): URL {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url;
}
