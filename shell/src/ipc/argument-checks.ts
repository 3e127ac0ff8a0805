import type { DesktopIpcChannel } from '@ringback/protocol';

/** What is wrong with a call's arguments, or null when they have the contract's shape. */
type ArgumentCheck = (args: readonly unknown[]) => string | null;

const MAX_ID = 200;
const MAX_TEXT = 4_000;
const MAX_URL = 8_192;
const MAX_BASES = 32;
const MAX_HEADERS = 100;
/** A recording sent to a speech-to-text endpoint stays well under this. */
const MAX_ENDPOINT_BODY = 50 * 1024 * 1024;
const MAX_TIMEOUT_MS = 10 * 60_000;

type Shape = (value: unknown) => string | null;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const text =
  (max: number, what: string): Shape =>
  (value) =>
    typeof value === 'string' && value.length > 0 && value.length <= max
      ? null
      : `${what} must be a non-empty string of at most ${max} characters`;

const oneOf =
  (choices: readonly string[], what: string): Shape =>
  (value) =>
    typeof value === 'string' && choices.includes(value)
      ? null
      : `${what} must be one of ${choices.join(', ')}`;

const boolean =
  (what: string): Shape =>
  (value) =>
    typeof value === 'boolean' ? null : `${what} must be true or false`;

/** An object with exactly these fields (optional ones may be missing or undefined), no others. */
function object(what: string, fields: Record<string, Shape>, optional: readonly string[] = []): Shape {
  return (value) => {
    if (!isPlainObject(value)) return `${what} must be an object`;
    for (const key of Object.keys(value)) {
      if (!(key in fields)) return `${what} has an unknown field ${JSON.stringify(key.slice(0, 40))}`;
    }
    for (const [key, check] of Object.entries(fields)) {
      if (value[key] === undefined && optional.includes(key)) continue;
      const problem = check(value[key]);
      if (problem) return problem;
    }
    return null;
  };
}

const localPath: Shape = (value) =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && value.length <= 2_048
    ? null
    : 'request.path must be a local API path starting with one /';

const jsonBody: Shape = (value) => {
  try {
    return JSON.stringify(value).length <= 1024 * 1024 ? null : 'request.body is larger than 1 MiB';
  } catch {
    return 'request.body must be JSON';
  }
};

const headers: Shape = (value) => {
  if (!isPlainObject(value)) return 'request.headers must be an object of strings';
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) return `request.headers has more than ${MAX_HEADERS} entries`;
  return entries.every(([, v]) => typeof v === 'string' && v.length <= MAX_URL)
    ? null
    : 'request.headers must be an object of strings';
};

const endpointBody: Shape = (value) => {
  if (typeof value === 'string')
    return value.length <= MAX_ENDPOINT_BODY ? null : 'request.body is too large';
  if (value instanceof Uint8Array)
    return value.byteLength <= MAX_ENDPOINT_BODY ? null : 'request.body is too large';
  return 'request.body must be text or bytes';
};

const timeout: Shape = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_MS
    ? null
    : `request.timeoutMs must be a number of milliseconds up to ${MAX_TIMEOUT_MS}`;

const baseList: Shape = (value) =>
  Array.isArray(value) &&
  value.length <= MAX_BASES &&
  value.every((entry) => typeof entry === 'string' && entry.length <= MAX_URL)
    ? null
    : `the bases must be a list of at most ${MAX_BASES} addresses`;

const token: Shape = (value) => (value === null ? null : text(MAX_TEXT, 'the token')(value));

const daemonRequest = object(
  'request',
  { method: oneOf(['GET', 'PUT', 'POST', 'DELETE'], 'request.method'), path: localPath, body: jsonBody },
  ['body'],
);

const ringingCall = object('call', {
  eventId: text(MAX_ID, 'call.eventId'),
  title: text(MAX_TEXT, 'call.title'),
  body: (value) =>
    typeof value === 'string' && value.length <= MAX_TEXT ? null : 'call.body must be a string',
});

const shellStatus = object('status', {
  connected: boolean('status.connected'),
  missed: (value) =>
    Number.isSafeInteger(value) && (value as number) >= 0 ? null : 'status.missed must be a whole number',
  language: oneOf(['en', 'zh'], 'status.language'),
});

const preferenceChange = object(
  'change',
  { closeToTray: boolean('change.closeToTray'), openAtLogin: boolean('change.openAtLogin') },
  ['closeToTray', 'openAtLogin'],
);

const endpointRequest = object(
  'request',
  {
    url: text(MAX_URL, 'request.url'),
    method: oneOf(['GET', 'POST', 'PUT'], 'request.method'),
    headers,
    body: endpointBody,
    timeoutMs: timeout,
  },
  ['body', 'timeoutMs'],
);

/** Exactly these arguments, each of its shape. */
function args(...shapes: Shape[]): ArgumentCheck {
  return (values) => {
    if (values.length !== shapes.length) return `expected ${shapes.length} argument(s), got ${values.length}`;
    for (const [index, shape] of shapes.entries()) {
      const problem = shape(values[index]);
      if (problem) return problem;
    }
    return null;
  };
}

/** Every channel's argument check: main never trusts what the renderer sends. */
export const ARGUMENT_CHECKS: { readonly [K in DesktopIpcChannel]: ArgumentCheck } = {
  'shell:facts': args(),
  'daemon:pairing': args(),
  'daemon:request': args(daemonRequest),
  'daemon:install-service': args(),
  'token:load': args(),
  'token:save': args(token),
  'calls:ringing': args(ringingCall),
  'calls:stopped': args(text(MAX_ID, 'the event id')),
  'shell:status': args(shellStatus),
  'preferences:get': args(),
  'preferences:set': args(preferenceChange),
  'endpoint:allow': args(baseList),
  'endpoint:open': args(endpointRequest),
  'endpoint:read': args(text(MAX_ID, 'the answer id')),
  'endpoint:cancel': args(text(MAX_ID, 'the answer id')),
};
