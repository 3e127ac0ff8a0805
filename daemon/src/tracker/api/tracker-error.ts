/** How a tracker call failed: no HTTP answer at all (`network`), or a non-2xx / unreadable answer (`http`). */
export type TrackerErrorKind = 'network' | 'http';

export interface TrackerRequestErrorInit {
  kind: TrackerErrorKind;
  method: string;
  /** The API path without query, e.g. `/api/issues/ACME-4`. */
  path: string;
  status?: number;
  code?: string;
  detail?: string;
  reasonCode?: string;
  /** The parsed JSON error body, when there was one (e.g. 409 `active_duplicate_issue` carries `issue`). */
  body?: unknown;
  cause?: unknown;
}

/**
 * One error for every failed tracker call, so callers key on `kind`, `status` and `code` instead of
 * undici's many error classes. The message is ready for the log: it names the call and, for network
 * errors, the whole cause chain (`connect ECONNREFUSED 127.0.0.1:8795`), never the token.
 */
export class TrackerRequestError extends Error {
  override readonly name = 'TrackerRequestError';
  readonly kind: TrackerErrorKind;
  readonly method: string;
  readonly path: string;
  /** HTTP status of an `http` error; absent when a 2xx answer did not have the documented shape. */
  readonly status?: number;
  /** The body's stable `code` (e.g. `agent_unavailable`), when present. */
  readonly code?: string;
  /** The body's human `error` text, or `reason` for `agent_unavailable`; for network errors the cause text. */
  readonly detail?: string;
  /** `reason_code` of a 422 `agent_unavailable` (e.g. `runtime_offline`). */
  readonly reasonCode?: string;
  readonly body?: unknown;

  constructor(init: TrackerRequestErrorInit) {
    super(messageOf(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    if (init.status !== undefined) this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.reasonCode !== undefined) this.reasonCode = init.reasonCode;
    if (init.body !== undefined) this.body = init.body;
  }

  /** The spec's retry rule for reads: network errors, 5xx and 429. */
  get retryable(): boolean {
    return (
      this.kind === 'network' || (this.status !== undefined && (this.status >= 500 || this.status === 429))
    );
  }
}

export function isTrackerRequestError(error: unknown): error is TrackerRequestError {
  return error instanceof TrackerRequestError;
}

function messageOf(init: TrackerRequestErrorInit): string {
  const call = `tracker ${init.method} ${init.path}`;
  if (init.kind === 'network') return `${call} failed: ${init.detail ?? 'network error'}`;
  const what = [init.code, init.detail].filter((part) => part !== undefined && part !== '').join(': ');
  // No status: a 2xx whose body was not what the API documents.
  if (init.status === undefined) return `${call} gave an unreadable answer${what ? `: ${what}` : ''}`;
  return `${call} answered ${init.status}${what ? `: ${what}` : ''}`;
}

/** Reads a tracker error body: JSON even when labelled text/plain (the 401s are), else a short text. */
export function parseErrorBody(
  text: string,
): Pick<TrackerRequestErrorInit, 'code' | 'detail' | 'reasonCode' | 'body'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // chi's `404 page not found`, a proxy's HTML page, …: keep a bounded excerpt as the detail.
    const excerpt = text.trim().slice(0, 200);
    return excerpt ? { detail: excerpt } : {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const record = parsed as Record<string, unknown>;
  const out: ReturnType<typeof parseErrorBody> = { body: parsed };
  if (typeof record.code === 'string') out.code = record.code;
  // `agent_unavailable` has no `error` key: its human text is `reason`.
  const detail = stringField(record, 'error') ?? stringField(record, 'reason');
  if (detail !== undefined) out.detail = detail;
  const reasonCode = stringField(record, 'reason_code');
  if (reasonCode !== undefined) out.reasonCode = reasonCode;
  return out;
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The cause chain of a failed request as one line, e.g. `fetch failed: connect ECONNREFUSED
 * 127.0.0.1:8795`. undici and Node nest the real reason in `cause` (and dual-stack connects in an
 * AggregateError with an empty message), so the top message alone often says nothing useful.
 */
export function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && parts.length < 6) {
    seen.add(current);
    const text = describeOne(current);
    // A wrapper often repeats its cause's message; keep the fuller of the two, once.
    const repeated = parts.findIndex((part) => part.includes(text) || text.includes(part));
    if (text && repeated === -1) parts.push(text);
    else if (text.length > (parts[repeated]?.length ?? 0)) parts[repeated] = text;
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'network error';
}

function describeOne(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  let text = error.message;
  if (!text && error instanceof AggregateError) {
    text = [...new Set(error.errors.map((inner) => describeOne(inner)))].join('; ');
  }
  if (!text) text = typeof code === 'string' ? code : error.name;
  // undici's own errors (`Headers Timeout Error`) carry their code only in `code`; keep it.
  if (typeof code === 'string' && !text.includes(code)) text = `${text} (${code})`;
  return text;
}
