import { Worker } from 'node:worker_threads';
import type { PushSubscriptionRecord } from '../storage/relay-store';
import { RefusedAddressError } from './guarded-connect';
import { buildPushRequest, type WakeContent } from './push-request';
import type { CancelRequest, SendReply, SendRequest } from './push-sender-messages';
import type { PushResponse, PushTransport } from './push-transport';

/** One push to send: the device's subscription and what it tells the device (push-wake.ts). */
export interface PushJobTarget {
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>;
  content: WakeContent;
}

/** Encrypts a push for its device and sends it, signed with `authorization`. */
export interface PushSender {
  send(target: PushJobTarget, authorization: string, signal: AbortSignal): Promise<PushResponse>;
  close(): Promise<void>;
}

/** A push that cannot be made for its subscription (keys that are no P-256 point, say). */
export class PushBuildError extends Error {}

/** Encrypts on the calling thread and sends through `transport`: for tests with a fake push service. */
export function localPushSender(transport: PushTransport): PushSender {
  return {
    async send(target, authorization, signal) {
      let push: ReturnType<typeof buildPushRequest>;
      try {
        push = buildPushRequest(target.subscription, target.content, { authorization: () => authorization });
      } catch (error) {
        throw new PushBuildError((error as Error).message, { cause: error });
      }
      return transport.deliver(push, signal);
    },
    close: async () => {},
  };
}

/**
 * Encrypts and sends on a worker thread of its own, so a call that wakes many devices never holds
 * up storing and streaming events. The thread starts at once (the first call does not wait for
 * it) and again if it dies; the pushes it had then fail and are retried by the queue. A send
 * whose signal aborts fails at once (the thread drops its request). Closing stops the thread, and
 * with it the sends in flight. `allowedOrigins` reach the thread's transport (its connect checks).
 */
export function threadPushSender(options: { allowedOrigins?: readonly string[] } = {}): PushSender {
  const allowedOrigins = [...(options.allowedOrigins ?? [])];
  let nextId = 0;
  const waiting = new Map<number, { resolve(response: PushResponse): void; reject(error: Error): void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = (): Worker => {
    const { url, workerData } = threadEntry();
    const started = new Worker(url, { workerData: { ...workerData, allowedOrigins } });
    // Never what keeps the relay's process alive: it stops when the relay does.
    started.unref();
    started.on('message', (reply: SendReply) => {
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      waiting.delete(reply.id);
      if ('response' in reply) waiter.resolve(reply.response);
      else if ('unsendable' in reply) waiter.reject(new PushBuildError(reply.unsendable));
      else if ('refused' in reply) waiter.reject(new RefusedAddressError(reply.refused));
      else waiter.reject(new Error(reply.failed));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`the push sender thread stopped (exit code ${code})`)));
    return started;
  };
  let worker: Worker | null = start();

  return {
    send(target, authorization, signal) {
      if (signal.aborted) return Promise.reject(new Error('the push was cancelled'));
      worker ??= start();
      const running = worker;
      const id = nextId++;
      // Only what can cross to the thread: a job may carry a callback (call-pushes.ts).
      const request: SendRequest = {
        id,
        subscription: target.subscription,
        content: target.content,
        authorization,
      };
      const sent = new Promise<PushResponse>((resolve, reject) => waiting.set(id, { resolve, reject }));
      const cancel = () => {
        const waiter = waiting.get(id);
        if (!waiter) return;
        waiting.delete(id);
        const message: CancelRequest = { cancel: id };
        running.postMessage(message);
        waiter.reject(new Error('the push was cancelled'));
      };
      signal.addEventListener('abort', cancel, { once: true });
      running.postMessage(request);
      return sent.finally(() => signal.removeEventListener('abort', cancel));
    },
    async close() {
      const running = worker;
      worker = null;
      failAll(new Error('the push sender closed'));
      if (running) await running.terminate();
    },
  };
}

/** The thread's file: beside the bundle once built (dist/), else this folder's TypeScript via tsx. */
function threadEntry(): { url: URL; workerData?: { entry: string } } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./push-sender-thread.mjs', import.meta.url) };
  return {
    url: new URL('./run-ts-thread.mjs', import.meta.url),
    workerData: { entry: new URL('./push-sender-thread.ts', import.meta.url).href },
  };
}
