import { createParser, type DaemonToRelay, RelayToDaemon } from '@ringback/protocol';
import WebSocket from 'ws';
import type { Logger } from '../log/logger';
import type { ReplyResult } from '../replies/handled-replies';
import { type Corkable, corkForThisTick } from './cork-for-tick';
import type { RelayTarget } from './post-daemon-event';

const parseRelayMessage = createParser(RelayToDaemon);
const FIRST_RECONNECT_MS = 1_000;
const MAX_RECONNECT_MS = 30_000;
const PING_INTERVAL_MS = 15_000;
const DEAD_AFTER_MS = 45_000;
/** How often to look for a login while there is none. */
const LOGIN_CHECK_MS = 5_000;

export interface RelayLinkDeps {
  target(): Promise<RelayTarget | null>;
  /** Every reply, taken once (`ReplyInbox`). */
  replies: {
    /** The result to send, or null when the reply is already being handled. */
    receive(message: { replyId: string; eventId: string; sealed: string }): Promise<ReplyResult | null>;
    /** Results to send when the link comes up. */
    pending(): Promise<ReplyResult[]>;
    acknowledge(replyId: string): Promise<void>;
  };
  /** Runs a relayed settings request; never throws. */
  onSettings(message: {
    requestId: string;
    sealed: string;
  }): Promise<Extract<DaemonToRelay, { type: 'settings-result' }>>;
  /** Devices' requests to this computer (`ComputerRequests`); absent: none are taken. */
  computer?: {
    /** Runs a request to its end, sending its frames; never throws. */
    start(
      message: { requestId: string; sealed: string },
      send: (message: Extract<DaemonToRelay, { type: 'computer-frame' | 'computer-refused' }>) => boolean,
    ): Promise<void>;
    cancel(requestId: string): void;
    ack(requestId: string, seq: number): void;
    cancelAll(): void;
  };
  logger: Logger;
}

/**
 * The daemon's one WebSocket to the relay (`/v1/daemon/link`): the computer opens no inbound
 * port. Reconnects 1 s doubling to 30 s with jitter; pings with a deadline so a dead link is
 * noticed in 45 s; sends every reply result until the relay acknowledges it.
 */
export class RelayLink {
  readonly #deps: RelayLinkDeps;
  #socket: WebSocket | null = null;
  /** The login the open link was made with (null while none is open). */
  #linked: RelayTarget | null = null;
  #timer: NodeJS.Timeout | null = null;
  #failures = 0;
  #stopped = false;

  constructor(deps: RelayLinkDeps) {
    this.#deps = deps;
  }

  get connected(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  /**
   * The login the open link was made with, null while none is open: the relay authenticated the
   * link as that device, and sends down it only requests made to that device.
   */
  get linkedTarget(): RelayTarget | null {
    return this.connected ? this.#linked : null;
  }

  start(): void {
    this.#connectLogged();
  }

  /** Connect now (after a login) instead of at the next check. */
  reconnectNow(): void {
    if (this.connected || this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#failures = 0;
    this.#connectLogged();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const socket = this.#socket;
    if (socket?.readyState === WebSocket.OPEN) socket.close(1001, 'daemon stopping');
    else socket?.terminate();
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#connectLogged(), delayMs);
    this.#timer.unref();
  }

  /** Connects in the background; a failure to even try (a bad relay URL…) is logged and retried. */
  #connectLogged(): void {
    this.#connect().catch((error: Error) => {
      this.#deps.logger.error(`could not connect to the relay: ${error.message}`);
      this.#schedule(this.#backoff());
    });
  }

  #backoff(): number {
    const base = Math.min(MAX_RECONNECT_MS, FIRST_RECONNECT_MS * 2 ** this.#failures);
    this.#failures += 1;
    return base * (0.8 + Math.random() * 0.4);
  }

  async #connect(): Promise<void> {
    if (this.#stopped || this.#socket) return;
    const target = await this.#deps.target().catch(() => null);
    if (!target) return this.#schedule(LOGIN_CHECK_MS);
    const url = new URL(
      'v1/daemon/link',
      target.serverUrl.endsWith('/') ? target.serverUrl : `${target.serverUrl}/`,
    );
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${target.deviceToken}` } });
    this.#socket = socket;
    let lastHeard = Date.now();
    let ping: NodeJS.Timeout | undefined;
    socket.on('open', () => {
      this.#failures = 0;
      if (this.#socket === socket) this.#linked = target;
      this.#deps.logger.info(`linked to the relay at ${target.serverUrl}`);
      this.#background(this.#sendPending(socket), 'sending reply results');
      ping = setInterval(() => {
        if (Date.now() - lastHeard > DEAD_AFTER_MS) return socket.terminate();
        socket.ping();
      }, PING_INTERVAL_MS);
    });
    socket.on('pong', () => {
      lastHeard = Date.now();
    });
    socket.on('ping', () => {
      lastHeard = Date.now();
    });
    socket.on('message', (data) => {
      lastHeard = Date.now();
      this.#background(this.#receive(socket, String(data)), 'handling a relay message');
    });
    socket.on('unexpected-response', (request, response) => {
      // 401: this device was removed; keep checking slowly in case of a new login. With this
      // listener ws leaves the request to us: end it, or the socket never closes.
      this.#deps.logger.warn(`the relay refused the link (${response.statusCode})`);
      response.resume();
      request.destroy();
      socket.terminate();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ping);
      // Their frames could not reach the device any more: the calls they make stop.
      this.#deps.computer?.cancelAll();
      if (this.#socket === socket) {
        this.#socket = null;
        this.#linked = null;
      }
      this.#schedule(this.#backoff());
    });
  }

  /** Runs work off the socket's events: a failure (a disk error…) is logged, never fatal. */
  #background(work: Promise<void>, what: string): void {
    work.catch((error: Error) => this.#deps.logger.error(`${what} failed: ${error.message}`));
  }

  async #sendPending(socket: WebSocket): Promise<void> {
    for (const result of await this.#deps.replies.pending()) send(socket, result);
  }

  async #receive(socket: WebSocket, text: string): Promise<void> {
    let message: RelayToDaemon;
    try {
      message = parseRelayMessage.parse(JSON.parse(text));
    } catch {
      this.#deps.logger.warn('the relay sent a message that is not one');
      return;
    }
    if (message.type === 'reply-ack') {
      await this.#deps.replies.acknowledge(message.replyId);
      return;
    }
    if (message.type === 'computer-request') {
      if (!this.#deps.computer)
        send(socket, { type: 'computer-refused', requestId: message.requestId, error: 'computer_busy' });
      else await this.#deps.computer.start(message, (up) => send(socket, up));
      return;
    }
    if (message.type === 'computer-cancel') {
      this.#deps.computer?.cancel(message.requestId);
      return;
    }
    if (message.type === 'computer-ack') {
      this.#deps.computer?.ack(message.requestId, message.seq);
      return;
    }
    if (message.type === 'settings') {
      send(socket, await this.#deps.onSettings(message));
      return;
    }
    if (message.type === 'reply') {
      // Recorded before it comes back: after a crash it is sent again, the agent not run again.
      const result = await this.#deps.replies.receive(message);
      if (result) send(socket, result);
    }
  }
}

/** Sends on a link that may have closed meanwhile (the result is sent again on the next one); false then. */
function send(socket: WebSocket, message: DaemonToRelay): boolean {
  if (socket.readyState !== WebSocket.OPEN) return false;
  // ws keeps the TCP socket as `_socket` (no public handle): frames sealed in one tick (a last
  // frame and its `end`) go out together.
  const raw = (socket as unknown as { _socket?: Corkable | null })._socket;
  if (raw) corkForThisTick(raw);
  socket.send(JSON.stringify(message));
  return true;
}
