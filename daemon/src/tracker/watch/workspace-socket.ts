import type { TrackerWorkspaceStatus } from '@ringback/protocol';
import WebSocket from 'ws';
import type { Logger } from '../../log/logger';
import { describeNetworkError } from '../api';
import { reconnectDelay, type WatchTiming } from './watch-timing';

/** A broadcast frame of the tracker (§7.2): `{type, payload, actor_id, actor_type}`. */
export interface RealtimeFrame {
  type: string;
  payload?: Record<string, unknown>;
  actor_id?: string;
  actor_type?: string;
}

export interface WorkspaceSocketOptions {
  workspaceId: string;
  /** For the log: the workspace's name and id. */
  label: string;
  url: string;
  token: string;
  timing: WatchTiming;
  logger: Logger;
  /** Clock of the status times. */
  now: () => number;
  random: () => number;
  /** The tracker acknowledged the token: events flow from now on, so the owner catches up. */
  onReady(): void;
  /** Every frame after `auth_ack`, except the answers to our pings. */
  onFrame(frame: RealtimeFrame): void;
}

/** Refusals of the auth frame that another try with the same token will not fix soon (§7.1). */
const AUTH_ERRORS = new Set([
  'invalid token',
  'invalid claims',
  'account disabled',
  'not a member of this workspace',
]);
/** An upgrade refusal's body is read for its error text, up to this much. */
const MAX_REFUSAL_BODY = 4_096;

interface Failure {
  text: string;
  auth: boolean;
}

/**
 * The realtime connection to one workspace (`/ws?workspace_id=`): authenticates with the first
 * frame, keeps its status, pings and notices a silent socket, and reconnects with jittered
 * backoff (slowly after an auth refusal) until closed. The tracker replays nothing, so every
 * `onReady` is the owner's cue to read what it missed.
 */
export class WorkspaceSocket {
  readonly #o: WorkspaceSocketOptions;
  #status: TrackerWorkspaceStatus;
  #socket: WebSocket | null = null;
  #retry: NodeJS.Timeout | null = null;
  #failures = 0;
  #closed = false;
  #closing: Promise<void> | null = null;

  constructor(options: WorkspaceSocketOptions) {
    this.#o = options;
    this.#status = {
      workspaceId: options.workspaceId,
      state: 'connecting',
      since: new Date(options.now()).toISOString(),
    };
  }

  status(): TrackerWorkspaceStatus {
    return { ...this.#status };
  }

  open(): void {
    if (!this.#closed && !this.#socket && !this.#retry) this.#connect();
  }

  /** Closes the socket (or stops waiting to reconnect) for good; resolves once it is closed. */
  close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const socket = this.#socket;
    if (!socket) return Promise.resolve();
    this.#closing ??= new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      if (socket.readyState === WebSocket.OPEN) {
        socket.close(1000, 'not watching');
        // A peer that never answers the close frame must not hold a reload or a stop.
        setTimeout(() => socket.terminate(), 1_000).unref();
      } else {
        socket.terminate();
      }
    });
    return this.#closing;
  }

  #setStatus(state: TrackerWorkspaceStatus['state'], error?: string): void {
    const since = state === this.#status.state ? this.#status.since : new Date(this.#o.now()).toISOString();
    this.#status = { workspaceId: this.#o.workspaceId, state, since, ...(error ? { error } : {}) };
  }

  #connect(): void {
    const { timing } = this.#o;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.#o.url, { handshakeTimeout: timing.connectTimeoutMs });
    } catch (error) {
      // A malformed tracker address: nothing to connect to until the settings change.
      this.#afterFailure({ text: describeNetworkError(error), auth: false });
      return;
    }
    this.#socket = socket;
    let failure: Failure | null = null;
    let connectedAt: number | null = null;
    let lastHeard = performance.now();
    const fail = (next: Failure) => {
      failure ??= next;
      socket.terminate();
    };
    const authDeadline = setTimeout(
      () => fail({ text: `no auth_ack within ${timing.connectTimeoutMs} ms`, auth: false }),
      timing.connectTimeoutMs,
    );
    let ping: NodeJS.Timeout | undefined;
    let watchdog: NodeJS.Timeout | undefined;
    const watch = (ms: number) => {
      watchdog = setTimeout(() => {
        const silent = performance.now() - lastHeard;
        if (silent >= timing.deadAfterMs)
          fail({ text: `the socket was silent for ${Math.round(silent)} ms`, auth: false });
        else watch(timing.deadAfterMs - silent);
      }, ms);
    };
    const heard = () => {
      lastHeard = performance.now();
    };

    socket.on('open', () => {
      heard();
      socket.send(JSON.stringify({ type: 'auth', payload: { token: this.#o.token } }));
    });
    socket.on('ping', heard);
    socket.on('pong', heard);
    socket.on('message', (data, isBinary) => {
      heard();
      if (this.#closed) return;
      const frame = isBinary ? undefined : parseFrame(String(data));
      if (!frame) return;
      if (connectedAt === null) {
        if (frame.type === 'auth_ack') {
          clearTimeout(authDeadline);
          connectedAt = performance.now();
          this.#setStatus('connected');
          this.#o.logger.info(`tracker realtime connected to workspace ${this.#o.label}`);
          ping = setInterval(() => {
            if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
          }, timing.pingIntervalMs);
          watch(timing.deadAfterMs);
          this.#o.onReady();
        } else if (typeof frame.error === 'string') {
          // The tracker drops TCP right after this frame; keep its words for the status.
          failure ??= { text: frame.error, auth: AUTH_ERRORS.has(frame.error) };
        }
        return;
      }
      if (frame.type === 'pong' || typeof frame.type !== 'string') return;
      this.#o.onFrame(frame as RealtimeFrame);
    });
    socket.on('unexpected-response', (request, response) => {
      // With this listener ws leaves the refused upgrade to us: read its reason, then end it.
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < MAX_REFUSAL_BODY) body += chunk;
      });
      response.on('end', () => {
        const reason = errorTextOf(body);
        fail({
          text: `the tracker answered ${response.statusCode} to the realtime upgrade${reason ? `: ${reason}` : ''}`,
          auth: response.statusCode === 401 || response.statusCode === 403,
        });
        request.destroy();
      });
      response.on('error', () => fail({ text: `the tracker answered ${response.statusCode}`, auth: false }));
    });
    socket.on('error', (error) => {
      failure ??= { text: describeNetworkError(error), auth: false };
    });
    socket.on('close', (code) => {
      clearTimeout(authDeadline);
      clearInterval(ping);
      clearTimeout(watchdog);
      if (this.#socket === socket) this.#socket = null;
      if (this.#closed) return;
      const upFor = connectedAt === null ? null : performance.now() - connectedAt;
      if (upFor !== null && upFor >= timing.stableAfterMs) this.#failures = 0;
      const text =
        failure?.text ??
        (connectedAt === null
          ? `the connection closed before auth_ack (code ${code})`
          : `the connection was lost (code ${code})`);
      this.#afterFailure({ text, auth: failure?.auth ?? false });
    });
  }

  #afterFailure(failure: Failure): void {
    if (this.#closed) return;
    this.#failures += 1;
    const delay = reconnectDelay(this.#failures, failure.auth, this.#o.timing, this.#o.random);
    this.#setStatus('disconnected', failure.text);
    this.#o.logger.warn(
      `tracker realtime for workspace ${this.#o.label}: ${failure.text}; reconnecting in ${delay} ms`,
    );
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#closed) this.#connect();
    }, delay);
  }
}

function parseFrame(text: string): (Partial<RealtimeFrame> & { error?: unknown }) | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<RealtimeFrame>) : undefined;
  } catch {
    return undefined;
  }
}

/** `{"error":"…"}` as the tracker writes refusals, else a short excerpt of the body. */
function errorTextOf(body: string): string {
  try {
    const value = JSON.parse(body) as { error?: unknown } | null;
    if (typeof value?.error === 'string') return value.error;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return body.trim().slice(0, 200);
}
