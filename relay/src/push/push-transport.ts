import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { guardedConnect } from './guarded-connect';
import type { PushRequest } from './push-request';

/** What a push service answered: its status, and how long it asked us to wait (429, 503). */
export interface PushResponse {
  status: number;
  /** From `Retry-After` (seconds or an HTTP date), in ms; null when absent or unreadable. */
  retryAfterMs: number | null;
}

/** Sends one push request; rejects on a network failure or timeout. */
export type DeliverPush = (push: PushRequest, signal: AbortSignal) => Promise<PushResponse>;

export interface PushTransport {
  deliver: DeliverPush;
  /** Ends the kept-alive connections. */
  close(): Promise<void>;
}

/** A push service that does not answer in this long is given up on for this attempt. */
const PUSH_TIMEOUT_MS = 10_000;

export interface UndiciPushTransportOptions {
  timeoutMs?: number;
  /** The operator's push origins: connected to wherever they resolve (guarded-connect.ts). */
  allowedOrigins?: readonly string[];
  /** Resolves host names (tests map names to local addresses); `dns.lookup` by default. */
  lookup?: LookupFunction;
}

/**
 * Push requests over undici, with connections kept alive per push service (a relay sends to a
 * few origins, FCM, Mozilla, Apple, many times) and a deadline on every step. Every connection
 * goes to a public address, or to an origin the operator allowed.
 */
export function undiciPushTransport(options: UndiciPushTransportOptions = {}): PushTransport {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const agent = new Agent({
    connect: guardedConnect({
      timeoutMs,
      allowedOrigins: options.allowedOrigins ?? [],
      ...(options.lookup ? { lookup: options.lookup } : {}),
    }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 30_000,
  });
  return {
    async deliver(push, signal) {
      const response = await request(push.endpoint, {
        method: 'POST',
        headers: push.headers,
        body: push.body,
        dispatcher: agent,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      // Read and dropped: the answer's body says nothing we act on, and an unread body holds the connection.
      await response.body.dump();
      const retryAfter = response.headers['retry-after'];
      return {
        status: response.statusCode,
        retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, Date.now()),
      };
    },
    close: () => agent.close(),
  };
}

/** `Retry-After` as ms from `now`: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its month; Date.parse alone would take '-5' for a year.
  const date = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
