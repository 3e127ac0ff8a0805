// For tests of requests to the computer: a phone's sealed request, a daemon's link driven by the
// test, and the NDJSON answer read line by line.
import type { RelayToDaemon } from '@ringback/protocol';
import { WebSocket } from 'ws';
import { afterThisTest } from './cleanup-fixture';

export interface AskOptions {
  /** Whose request it is: the phone's token, unless another device's is given. */
  token: string;
  signal?: AbortSignal;
  /** What is sent; a well-formed stand-in by default. */
  sealed?: string;
}

/** A device's `POST /v1/devices/:deviceId/requests` to the computer `deviceId`. */
export function askComputer(url: string, deviceId: string, requestId: string, options: AskOptions) {
  return fetch(`${url}/v1/devices/${deviceId}/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    body: JSON.stringify({ requestId, sealed: options.sealed ?? `e1.abcdefghijkl.${requestId}.c2VhbGVk` }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export type FakeDaemonLink = Awaited<ReturnType<typeof fakeDaemonLink>>;

/** A daemon's link driven by the test: it records what comes down and sends what it is told. */
export async function fakeDaemonLink(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const received: RelayToDaemon[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as RelayToDaemon);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // A link the relay drops mid-test is not the test's failure; what it checks says so.
  socket.on('error', () => {});
  afterThisTest(() => socket.terminate());

  const matches = (message: RelayToDaemon, type: RelayToDaemon['type'], requestId?: string) =>
    message.type === type && (!requestId || ('requestId' in message && message.requestId === requestId));
  /** Waits for the next message of `type` (for `requestId`), and takes it from `received`. */
  const next = async (type: RelayToDaemon['type'], requestId?: string) => {
    for (;;) {
      const found = received.find((message) => matches(message, type, requestId));
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found as Extract<RelayToDaemon, { requestId: string }>;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  /** Whether such a message came down (and was not taken by `next`). */
  const has = (type: RelayToDaemon['type'], requestId: string, seq?: number) =>
    received.some(
      (message) =>
        matches(message, type, requestId) && (seq === undefined || ('seq' in message && message.seq === seq)),
    );
  const frame = (requestId: string, seq: number, last = false, sealed = `e1.k.${requestId}-${seq}.eA`) =>
    socket.send(JSON.stringify({ type: 'computer-frame', requestId, seq, sealed, last }));
  const refuse = (requestId: string, error: string) =>
    socket.send(JSON.stringify({ type: 'computer-refused', requestId, error }));
  /** Takes the request the device is `asking`, sends its first frame, and reads the answer from there. */
  const startAnswer = async (asking: Promise<Response>, requestId: string) => {
    await next('computer-request', requestId);
    frame(requestId, 0);
    return ndjsonLines(await asking);
  };
  /** Takes the request the device is `asking` and answers it in one last frame; the device's response. */
  const answerAtOnce = async (asking: Promise<Response>, requestId: string) => {
    await next('computer-request', requestId);
    frame(requestId, 0, true);
    return asking;
  };
  return { socket, received, next, has, frame, refuse, startAnswer, answerAtOnce };
}

/** Reads an NDJSON body line by line: each call the next line, null once the body ended. */
export function ndjsonLines(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async (): Promise<Record<string, unknown> | null> => {
    for (;;) {
      const at = buffered.indexOf('\n');
      if (at >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        return JSON.parse(line) as Record<string, unknown>;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffered += decoder.decode(value, { stream: true });
    }
  };
}

/** A plain error answer as `[status, error]`, to be compared in one go. */
export async function statusAndError(response: Response): Promise<[number, string]> {
  return [response.status, ((await response.json()) as { error: string }).error];
}
