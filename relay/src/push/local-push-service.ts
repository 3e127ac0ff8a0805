// For tests: `web-push-testing` as a real local push service. It speaks the Web Push protocol
// (checks the VAPID JWT against the subscription's key, decrypts aes128gcm with the
// subscription's private key, answers 410 for an expired one) and keeps what it decrypted.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

interface PushApiModel {
  notifyUrl: string;
}
interface WebPushTestingServer {
  _app: (request: IncomingMessage, response: ServerResponse) => void;
  setRequestHandlers(): void;
}

const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushApiModel;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => WebPushTestingServer;

/** A subscription the push service made, as a browser's `PushSubscription.toJSON()` gives it. */
export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push service's name for it, to read back what it received. */
  clientHash: string;
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Subscribes as a browser would, with the relay's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The payloads it received for the subscription, decrypted, in order. */
  received(subscription: LocalSubscription): Promise<string[]>;
  /** From now on it answers 410 Gone for the subscription. */
  expire(subscription: LocalSubscription): Promise<void>;
  /** Requests that reached a path (accepted or not). */
  hits(path: string): number;
  /** From now on every push is answered `status` (500: the service is failing), until `null`. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/**
 * Starts the push service on a free port of 127.0.0.1. Its request handlers are mounted on a
 * server of our own (its CLI exits the process on a busy port, and names its endpoints after a
 * port chosen in advance), which also counts the requests each path gets.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  service.setRequestHandlers();
  const hits = new Map<string, number>();
  let failing: number | null = null;
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (failing !== null && path.startsWith('/notify/')) {
      request.resume();
      response.writeHead(failing).end();
      return;
    }
    service._app(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;

  const post = async (path: string, body: object) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${text}`);
    const json = response.headers.get('content-type')?.includes('application/json') ?? false;
    return json ? (JSON.parse(text) as { data: unknown }) : { data: null };
  };

  return {
    origin,
    async subscribe(applicationServerKey) {
      return (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey }))
        .data as LocalSubscription;
    },
    async received(subscription) {
      const { data } = await post('/get-notifications', { clientHash: subscription.clientHash });
      return (data as { messages: string[] }).messages;
    },
    async expire(subscription) {
      await post(`/expire-subscription/${subscription.clientHash}`, {});
    },
    hits: (path) => hits.get(path) ?? 0,
    failWith(status) {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
