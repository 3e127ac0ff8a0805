import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DaemonReach, DaemonRequest, DesktopPairing, PairingOffer } from '@ringback/protocol';

/** The daemon's default `localPort` (daemon/src/config/data-dir.ts). */
export const DEFAULT_LOCAL_PORT = 8790;
/** The local API answers in milliseconds; a daemon that takes this long is as good as absent. */
export const DEFAULT_DAEMON_TIMEOUT_MS = 15_000;

const KEY_FILE = 'local-api.key';
const CONFIG_FILE = 'daemon.json';

export interface DaemonLink {
  request(r: DaemonRequest): Promise<DaemonReach>;
  pairing(): Promise<DesktopPairing>;
}

type Failure = Extract<DaemonReach, { ok: false }>;

/**
 * Main's link to the daemon's local API on 127.0.0.1. The key and port are read again on every
 * call, as the daemon may start, or write a new key, after the app did.
 */
export function createDaemonLink(o: {
  dataDir: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): DaemonLink {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? DEFAULT_DAEMON_TIMEOUT_MS;

  async function request(r: DaemonRequest): Promise<DaemonReach> {
    const key = await readKey(o.dataDir);
    if (!key) {
      return {
        ok: false,
        reason: 'no_key',
        message: `no local API key in ${join(o.dataDir, KEY_FILE)}: the daemon has never run for this user`,
      };
    }
    const port = await readPort(o.dataDir);
    const base = `http://127.0.0.1:${port}`;
    const url = localUrl(base, r.path);
    const hasBody = r.body !== undefined && (r.method === 'PUT' || r.method === 'POST');
    let response: Response;
    try {
      // Node's fetch sends no Origin header and this URL makes the Host 127.0.0.1:<port>,
      // which is what the daemon's loopback guard accepts.
      response = await doFetch(url, {
        method: r.method,
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        body: hasBody ? JSON.stringify(r.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return notRunning(base, error, timeoutMs);
    }
    try {
      return { ok: true, status: response.status, body: parseBody(await response.text()) };
    } catch (error) {
      return notRunning(base, error, timeoutMs);
    }
  }

  async function pairing(): Promise<DesktopPairing> {
    const reach = await request({ method: 'POST', path: '/local/pairing' });
    if (!reach.ok) return reach;
    if (reach.status === 200 && isPairingOffer(reach.body)) return { ok: true, offer: reach.body };
    const code = errorCode(reach.body);
    return {
      ok: false,
      reason: 'refused',
      message: refusal(reach.status, reach.body),
      ...(code ? { code } : {}),
    };
  }

  return { request, pairing };
}

async function readKey(dataDir: string): Promise<string | null> {
  try {
    const key = (await readFile(join(dataDir, KEY_FILE), 'utf8')).trim();
    return key === '' ? null : key;
  } catch {
    return null;
  }
}

async function readPort(dataDir: string): Promise<number> {
  try {
    const config = JSON.parse(await readFile(join(dataDir, CONFIG_FILE), 'utf8')) as { localPort?: unknown };
    const port = config?.localPort;
    if (typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536) return port;
  } catch {
    // No daemon.json yet (or unreadable): the daemon itself falls back to the default too.
  }
  return DEFAULT_LOCAL_PORT;
}

/** Only a path on the daemon: nothing the renderer sends may change the host. */
function localUrl(base: string, path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path)) {
    throw new Error(`not a local API path: ${JSON.stringify(path)}`);
  }
  const url = new URL(path, base);
  if (url.origin !== base) throw new Error(`not a local API path: ${JSON.stringify(path)}`);
  return url.href;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function notRunning(base: string, error: unknown, timeoutMs: number): Failure {
  const name = (error as { name?: string } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  return {
    ok: false,
    reason: 'not_running',
    message: timedOut
      ? `the daemon at ${base} did not answer within ${Math.round(timeoutMs / 1000)} s`
      : `nothing answers at ${base}: the daemon is not running`,
  };
}

function isPairingOffer(body: unknown): body is PairingOffer {
  if (typeof body !== 'object' || body === null) return false;
  const offer = body as Record<string, unknown>;
  return ['serverUrl', 'code', 'key', 'expiresAt', 'link'].every((field) => typeof offer[field] === 'string');
}

/** The daemon's machine-readable error code (`{error: 'not_logged_in', …}`), when it gave one. */
function errorCode(body: unknown): string | undefined {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(error) ? error : undefined;
}

function refusal(status: number, body: unknown): string {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: unknown;
    message?: unknown;
  };
  if (typeof answer.message === 'string' && answer.message !== '') return answer.message;
  if (typeof answer.error === 'string') return `the daemon refused: ${answer.error}`;
  return `the daemon answered ${status}`;
}
