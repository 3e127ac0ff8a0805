import {
  Aad,
  type CallStatus,
  createParser,
  Device,
  DeviceCredentials,
  DeviceList,
  type HandledBy,
  PairingCode,
  PendingEvents,
  PushKey,
  type PushSubscriptionBody,
  PushSubscriptionState,
  RelayedEvent,
  ReplyState,
  type SealingKey,
  SettingsResponse,
  SettingsResultPlaintext,
  StatusChange,
} from '@ringback/protocol';
import {
  abortableBody,
  endpointAt,
  RELAY_REQUEST_DEADLINE_MS,
  RELAY_SETTINGS_DEADLINE_MS,
  startDeadline,
  withUploadAllowance,
} from '../net';
import { RelayClock } from './relay-clock';
import { RelayError, RelayTimeoutError, relayErrorOf } from './relay-error';
import { newRequestId } from './request-id';

type Fetch = typeof fetch;

export interface RelayClientOptions {
  /** The relay's URL (from the pairing link). */
  server: string;
  /** The device token (`dev_…`). */
  token: string;
  /** Tests pass their own; else the page's `fetch`, looked up at each call. */
  fetch?: Fetch;
}

/** A status this device writes back (the relay refuses `pending`). */
export type WrittenStatus = Exclude<CallStatus, 'pending'>;

/** `ok: false` when another device answered first or the call ended (409 `call_taken`). */
export type StatusWriteResult =
  | { ok: true; change: StatusChange }
  | { ok: false; reason: 'call_taken'; handledBy: HandledBy | null; message: string };

/** What a lease renewal found: still this device's call, or someone else's now. */
export type LeaseRenewal = { held: true } | { held: false; handledBy: HandledBy | null };

export interface SettingsRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** A path of the daemon's local API, e.g. `/llm/settings`. */
  path: string;
  body?: unknown;
}

/** The daemon's answer, opened: its local API's status and body. */
export interface SettingsResult {
  status: number;
  body: unknown;
}

export interface RelayClient {
  readonly server: string;
  /** The relay's clock less this device's (ms), by its latest answer; null until one came. */
  clockOffset(): number | null;
  listDevices(): Promise<Device[]>;
  renameDevice(deviceId: string, name: string): Promise<Device>;
  removeDevice(deviceId: string): Promise<void>;
  /** A new pairing code for another device of the account. */
  createPairingCode(): Promise<PairingCode>;
  /** Every page of the calls not yet ended, and the stream id to connect with. */
  pendingEvents(): Promise<{ events: RelayedEvent[]; latestId: number }>;
  writeStatus(eventId: string, status: WrittenStatus): Promise<StatusWriteResult>;
  /** `GET /v1/events/:eventId`: one call as the relay has it now (its status, who has it). */
  getEvent(eventId: string): Promise<RelayedEvent>;
  /**
   * `POST /v1/events/:eventId/lease`: keeps the call this device answered (in the call, or writing
   * its reply) from being returned to the others. `held: false` on 409 `call_taken`: another
   * device has it now, or it was returned.
   */
  renewLease(eventId: string): Promise<LeaseRenewal>;
  /**
   * Rejects with RelayTimeoutError (code `network_error`, message naming the relay) when the relay
   * does not answer within RELAY_REQUEST_DEADLINE_MS, or with `signal`'s reason when it aborts.
   */
  sendReply(
    eventId: string,
    reply: { replyId: string; sealed: string },
    signal?: AbortSignal,
  ): Promise<ReplyState>;
  /**
   * A call to the daemon's local API through the relay, sealed both ways with the e2e key. The
   * relay waits for the computer itself; past RELAY_SETTINGS_DEADLINE_MS (plus time to upload a
   * large body) it is given up with RelayTimeoutError.
   */
  relaySettingsRequest(
    daemonDeviceId: string,
    key: SealingKey,
    request: SettingsRequest,
    signal?: AbortSignal,
  ): Promise<SettingsResult>;
  /**
   * `GET /v1/stream`, for the event stream reader: the raw response, whatever its status. Only
   * the wait for its headers has a deadline; the stream's silence is the reader's to watch.
   */
  openStream(lastEventId: string | null, signal: AbortSignal): Promise<Response>;
  /**
   * `GET /v1/push/key`: the relay's VAPID public key (base64url), which push subscriptions are made
   * for. Rejects with RelayError `push_unavailable` (503, the message says why) when the relay does
   * not send Web Push.
   */
  pushKey(): Promise<PushKey>;
  /** `POST /v1/push/subscription`: this device's subscription (`PushSubscription.toJSON()`), replacing any older one. */
  subscribePush(subscription: PushSubscriptionBody): Promise<void>;
  /** `DELETE /v1/push/subscription`: no more pushes to this device (also fine when none was kept). */
  unsubscribePush(): Promise<void>;
  /**
   * `GET /v1/push/subscription`: the endpoint the relay holds for this device, null when it holds
   * none (never registered, removed, or dropped after the push service refused it).
   */
  pushSubscription(): Promise<PushSubscriptionState>;
}

const parseDevice = createParser(Device);
const parseDeviceList = createParser(DeviceList);
const parseCredentials = createParser(DeviceCredentials);
const parsePairingCode = createParser(PairingCode);
const parsePending = createParser(PendingEvents);
const parseStatusChange = createParser(StatusChange);
const parseRelayedEvent = createParser(RelayedEvent);
const parseReplyState = createParser(ReplyState);
const parseSettingsResponse = createParser(SettingsResponse);
const parseSettingsResult = createParser(SettingsResultPlaintext);
const parsePushKey = createParser(PushKey);
const parsePushSubscriptionState = createParser(PushSubscriptionState);

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
  /** How long the whole call may take, body read included; RELAY_REQUEST_DEADLINE_MS unless said. */
  deadlineMs?: number;
}

/**
 * One JSON call: the answer's body on 2xx, RelayError (RelayUnauthorizedError on 401) else; a
 * RelayTimeoutError naming the relay when it does not answer in time; the caller's abort reason
 * when the caller aborts.
 */
async function call(fetcher: Fetch, url: string, options: CallOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const deadline = startDeadline({
    ms: options.deadlineMs ?? RELAY_REQUEST_DEADLINE_MS,
    endpoint: endpointAt('the relay', url),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // What a failed step really was: our deadline, the caller's abort, or the step's own failure.
  const failed = (own: () => unknown) => {
    if (deadline.expired) return new RelayTimeoutError(deadline.expired);
    if (options.signal?.aborted) return options.signal.reason;
    return own();
  };
  try {
    let response: Response;
    try {
      response = abortableBody(
        await fetcher(url, {
          method: options.method ?? 'GET',
          headers,
          ...(body === undefined ? {} : { body }),
          signal: deadline.signal,
        }),
        deadline.signal,
      );
    } catch (error) {
      throw failed(
        () =>
          new RelayError(0, 'network_error', `the relay could not be reached: ${(error as Error).message}`),
      );
    }
    if (!response.ok) {
      const refused = await relayErrorOf(response);
      throw failed(() => refused);
    }
    if (response.status === 204) return undefined;
    try {
      return await response.json();
    } catch {
      throw failed(
        () => new RelayError(0, 'invalid_response', 'the relay answered something that is not JSON'),
      );
    }
  } finally {
    deadline.clear();
  }
}

/** Parses an answer at the edge: a relay that answers the wrong shape is an error, not a crash later. */
function checked<T>(parser: { parse(raw: unknown): T }, raw: unknown): T {
  try {
    return parser.parse(raw);
  } catch (error) {
    throw new RelayError(
      0,
      'invalid_response',
      `the relay's answer is malformed: ${(error as Error).message}`,
    );
  }
}

const trimServer = (server: string) => server.replace(/\/+$/, '');
const defaultFetch: Fetch = (input, init) => globalThis.fetch(input, init);

/** Joins the account of a pairing code (no token needed); the answer holds this device's token. */
export async function redeemPairingCode(
  server: string,
  body: { code: string; kind: 'app'; name: string },
  fetcher: Fetch = defaultFetch,
): Promise<DeviceCredentials> {
  const raw = await call(fetcher, `${trimServer(server)}/v1/pairing-codes/redeem`, { method: 'POST', body });
  return checked(parseCredentials, raw);
}

/** The app's side of the relay API (`relay/README.md`), typed and parsed at the edge. */
export function createRelayClient(options: RelayClientOptions): RelayClient {
  const server = trimServer(options.server);
  const clock = new RelayClock();
  // Every answer, the stream's included, tells the relay's time (its Date header).
  const fetcher = clock.observing(options.fetch ?? defaultFetch);
  const api = (path: string, rest: Omit<CallOptions, 'token'> = {}) =>
    call(fetcher, `${server}${path}`, { ...rest, token: options.token });
  const id = encodeURIComponent;

  return {
    server,
    clockOffset: () => clock.offset(),
    async listDevices() {
      return checked(parseDeviceList, await api('/v1/devices')).devices;
    },
    async renameDevice(deviceId, name) {
      return checked(
        parseDevice,
        await api(`/v1/devices/${id(deviceId)}`, { method: 'PATCH', body: { name } }),
      );
    },
    async removeDevice(deviceId) {
      await api(`/v1/devices/${id(deviceId)}`, { method: 'DELETE' });
    },
    async createPairingCode() {
      return checked(parsePairingCode, await api('/v1/pairing-codes', { method: 'POST', body: {} }));
    },
    async pendingEvents() {
      const events: RelayedEvent[] = [];
      let after: string | undefined;
      let latestId = 0;
      do {
        const query = after ? `?after=${id(after)}` : '';
        const page = checked(parsePending, await api(`/v1/events/pending${query}`));
        events.push(...page.events);
        // Every page of one listing carries the latestId read before the first.
        if (after === undefined) latestId = page.latestId;
        after = page.next;
      } while (after !== undefined);
      return { events, latestId };
    },
    async writeStatus(eventId, status) {
      try {
        const raw = await api(`/v1/events/${id(eventId)}/status`, { method: 'POST', body: { status } });
        return { ok: true, change: checked(parseStatusChange, raw) };
      } catch (error) {
        if (error instanceof RelayError && error.code === 'call_taken')
          return { ok: false, reason: 'call_taken', handledBy: error.handledBy, message: error.message };
        throw error;
      }
    },
    async getEvent(eventId) {
      return checked(parseRelayedEvent, await api(`/v1/events/${id(eventId)}`));
    },
    async renewLease(eventId) {
      try {
        await api(`/v1/events/${id(eventId)}/lease`, { method: 'POST', body: {} });
        return { held: true };
      } catch (error) {
        if (error instanceof RelayError && error.code === 'call_taken')
          return { held: false, handledBy: error.handledBy };
        throw error;
      }
    },
    async sendReply(eventId, reply, signal) {
      const raw = await api(`/v1/events/${id(eventId)}/replies`, {
        method: 'POST',
        body: reply,
        ...(signal ? { signal } : {}),
      });
      return checked(parseReplyState, raw);
    },
    async relaySettingsRequest(daemonDeviceId, key, request, signal) {
      const requestId = newRequestId();
      const plaintext = JSON.stringify({ ...request, issuedAt: Date.now() });
      const sealed = await key.seal(plaintext, Aad.settingsRequest(daemonDeviceId, requestId));
      const raw = await api(`/v1/devices/${id(daemonDeviceId)}/settings`, {
        method: 'POST',
        body: { requestId, sealed },
        deadlineMs: withUploadAllowance(RELAY_SETTINGS_DEADLINE_MS, sealed.length),
        ...(signal ? { signal } : {}),
      });
      const answer = checked(parseSettingsResponse, raw);
      if (answer.requestId !== requestId)
        throw new RelayError(0, 'invalid_response', 'the relay answered another settings request');
      let opened: unknown;
      try {
        opened = JSON.parse(await key.open(answer.sealed, Aad.settingsResult(requestId)));
      } catch (error) {
        throw new RelayError(
          0,
          'undecryptable_response',
          `the daemon's answer could not be opened: ${(error as Error).message}`,
        );
      }
      return checked(parseSettingsResult, opened);
    },
    async openStream(lastEventId, signal) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.token}`,
        accept: 'text/event-stream',
      };
      if (lastEventId !== null) headers['last-event-id'] = lastEventId;
      const url = `${server}/v1/stream`;
      const connecting = startDeadline({
        ms: RELAY_REQUEST_DEADLINE_MS,
        endpoint: endpointAt('the relay', url),
        signal,
      });
      try {
        return await fetcher(url, { headers, signal: connecting.signal, cache: 'no-store' });
      } catch (error) {
        throw connecting.expired ? new RelayTimeoutError(connecting.expired) : error;
      } finally {
        // Connected (or failed): from here the reader's silence timer watches the stream.
        connecting.clear();
      }
    },
    async pushKey() {
      return checked(parsePushKey, await api('/v1/push/key'));
    },
    async subscribePush(subscription) {
      await api('/v1/push/subscription', { method: 'POST', body: subscription });
    },
    async unsubscribePush() {
      await api('/v1/push/subscription', { method: 'DELETE' });
    },
    async pushSubscription() {
      return checked(parsePushSubscriptionState, await api('/v1/push/subscription'));
    },
  };
}
