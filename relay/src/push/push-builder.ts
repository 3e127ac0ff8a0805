import { Worker } from 'node:worker_threads';
import type { PushSubscriptionRecord } from '../storage/relay-store';
import type { BuildReply, BuildRequest } from './push-builder-messages';
import { buildPushRequest, type PushRequest } from './push-request';

/** Makes push requests: encrypted for their device, signed with `authorization`. */
export interface PushBuilder {
  build(
    subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>,
    eventId: string,
    authorization: string,
  ): Promise<PushRequest>;
  close(): Promise<void>;
}

/** A push that cannot be made for its subscription (keys that are no P-256 point, say). */
export class PushBuildError extends Error {}

/** Builds on the calling thread: for tests, where a thread's start-up costs more than it saves. */
export function inlinePushBuilder(): PushBuilder {
  return {
    async build(subscription, eventId, authorization) {
      try {
        return buildPushRequest(subscription, eventId, { authorization: () => authorization });
      } catch (error) {
        throw new PushBuildError((error as Error).message, { cause: error });
      }
    },
    close: async () => {},
  };
}

/**
 * Builds on a worker thread of its own, so the encryption of a call's pushes (half a millisecond
 * of CPU each) never holds up storing and streaming events. The thread starts at once, so the
 * first call does not wait for it, and again if it dies; a push it was building then fails and is
 * retried by the queue.
 */
export function threadPushBuilder(): PushBuilder {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve(push: PushRequest): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = (): Worker => {
    const { url, workerData } = threadEntry();
    const started = new Worker(url, { workerData });
    // Never what keeps the relay's process alive: it stops when the relay does.
    started.unref();
    started.on('message', (reply: BuildReply) => {
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      waiting.delete(reply.id);
      if ('error' in reply) waiter.reject(new PushBuildError(reply.error));
      else waiter.resolve({ ...reply.push, body: Buffer.from(reply.push.body) });
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`the push builder thread exited (${code})`)));
    return started;
  };

  worker = start();
  return {
    build(subscription, eventId, authorization) {
      worker ??= start();
      const id = nextId++;
      const request: BuildRequest = { id, subscription, eventId, authorization };
      const built = new Promise<PushRequest>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage(request);
      return built;
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
      failAll(new Error('the push builder closed'));
    },
  };
}

/** The thread's file: beside the bundle once built (dist/), else this folder's TypeScript via tsx. */
function threadEntry(): { url: URL; workerData?: { entry: string } } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./push-builder-thread.mjs', import.meta.url) };
  return {
    url: new URL('./run-ts-thread.mjs', import.meta.url),
    workerData: { entry: new URL('./push-builder-thread.ts', import.meta.url).href },
  };
}
