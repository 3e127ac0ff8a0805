import { connect } from 'node:net';
import { newNonce, readAnswerSecret, verifyAnswerMac } from './answer-mac';
import { ANSWER_MAC_HEADER, ANSWER_NONCE_HEADER, SEALED_REQUEST_TYPE } from './hook-constants';
import type { HookAgent } from './permission-details';
import type { PermissionDecision } from './permission-output';
import { sealPermissionRequest } from './request-seal';

/** The daemon's answer: a decision, or null for "no decision" (the agent's own prompt goes on). */
export type PermissionAnswer = PermissionDecision | null;

/** Reads a chunked body; null when it is not well formed. */
function dechunk(raw: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isInteger(size) || size < 0) return null;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (raw.length < start + size) return null;
    parts.push(raw.subarray(start, start + size));
    at = start + size + 2;
  }
}

const MAC_LINE = new RegExp(`^${ANSWER_MAC_HEADER}:[ \\t]*([A-Za-z0-9_-]*)[ \\t]*$`, 'im');

/** What proves an answer is the running daemon's: its secret, and the nonce this request sent. */
export interface AnswerProof {
  secret: Buffer;
  nonce: string;
}

/**
 * The decision in a full HTTP response, or null for anything but a 200 whose body is exactly
 * `{decision: {behavior: "allow"|"deny", message?}|null, …}` and whose MAC header is the
 * daemon's over this request's nonce and that very decision: an answer that cannot be read, or
 * that any other program on the port may have sent, is no decision, never an allow.
 */
export function readPermissionAnswer(response: Buffer, proof: AnswerProof): PermissionAnswer {
  const headerEnd = response.indexOf('\r\n\r\n');
  if (headerEnd < 0) return null;
  const head = response.subarray(0, headerEnd).toString('latin1');
  if (!/^HTTP\/1\.[01] 200 /.test(head)) return null;
  let body: Buffer | null = response.subarray(headerEnd + 4);
  if (/^transfer-encoding:\s*chunked\s*$/im.test(head)) body = dechunk(body);
  if (!body) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const decision = (parsed as { decision?: unknown }).decision;
  if (typeof decision !== 'object' || decision === null) return null;
  const { behavior, message } = decision as { behavior?: unknown; message?: unknown };
  if (message !== undefined && typeof message !== 'string') return null;
  let answer: PermissionDecision;
  if (behavior === 'allow') answer = { behavior: 'allow' };
  else if (behavior === 'deny')
    answer = message === undefined ? { behavior: 'deny' } : { behavior: 'deny', message };
  else return null;
  const mac = MAC_LINE.exec(head)?.[1];
  return verifyAnswerMac(proof.secret, proof.nonce, answer, mac) ? answer : null;
}

/** Whether a response has arrived whole (by its Content-Length, or its last chunk). */
function isComplete(response: Buffer): boolean {
  const headerEnd = response.indexOf('\r\n\r\n');
  if (headerEnd < 0) return false;
  const head = response.subarray(0, headerEnd).toString('latin1');
  const length = /^content-length:\s*(\d+)\s*$/im.exec(head);
  if (length) return response.length - headerEnd - 4 >= Number(length[1]);
  return /^transfer-encoding:\s*chunked\s*$/im.test(head) && response.subarray(-5).toString() === '0\r\n\r\n';
}

/** What came back for one request: the answer, and the response's status (null when none came). */
interface PostedRequest {
  answer: PermissionAnswer;
  status: number | null;
}

const statusOf = (response: Buffer): number | null => {
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(response.subarray(0, 16).toString('latin1'))?.[1];
  return status === undefined ? null : Number(status);
};

export interface AskDaemonOptions {
  port: number;
  agent: HookAgent;
  /** The request as JSON; sealed here. */
  body: string;
  /** Where the hook finds the daemon's key (its data dir). */
  env: NodeJS.ProcessEnv;
  deadlineMs: number;
  signal?: AbortSignal;
}

/**
 * Asks the running daemon, under the key it wrote for this run: the answer, or null ("no
 * decision") when no key is there or anything fails. A daemon that restarted between the hook
 * reading its key and asking refuses the request (400: it does not open); the hook then asks once
 * more under the new key, within the same deadline. A refusal under the key still in force is
 * final.
 */
export async function askDaemon(options: AskDaemonOptions): Promise<PermissionAnswer> {
  const { port, agent, body, env, deadlineMs, signal } = options;
  const endsAt = performance.now() + deadlineMs;
  const secret = readAnswerSecret(env);
  if (!secret) return null;
  const first = await postPermissionRequest(port, agent, body, secret, deadlineMs, signal);
  if (first.status !== 400) return first.answer;
  const current = readAnswerSecret(env);
  const left = endsAt - performance.now();
  if (!current || current.equals(secret) || signal?.aborted || left <= 0) return null;
  return (await postPermissionRequest(port, agent, body, current, left, signal)).answer;
}

/**
 * POSTs the request, sealed under `secret` (only the running daemon can open it), to the daemon's
 * `POST /permission-request?agent=<agent>` with a fresh nonce and waits, as long as the daemon holds it or until `deadlineMs`, for its answer, taken only
 * when MACed with `secret` (the running daemon's). Resolves null at once when nothing listens,
 * and on any failure. The connection stays open while the hook waits: the
 * daemon reads its closing (the agent ended the hook) as "answered at the computer".
 * node:net rather than node:http, as for the Stop hook's report: the hook starts faster.
 * `signal` ends the wait as the agent ending the hook would: no decision, connection closed.
 */
function postPermissionRequest(
  port: number,
  agent: HookAgent,
  body: string,
  secret: Buffer,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<PostedRequest> {
  const proof: AnswerProof = { secret, nonce: newNonce() };
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (response: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve(
        response
          ? { answer: readPermissionAnswer(response, proof), status: statusOf(response) }
          : { answer: null, status: null },
      );
    };
    const deadline = setTimeout(() => finish(null), deadlineMs);
    if (signal?.aborted) return finish(null);
    signal?.addEventListener('abort', () => finish(null), { once: true });
    socket.once('error', () => finish(null));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Done once the whole answer is in, even if the daemon were to keep the connection.
      const response = Buffer.concat(chunks);
      if (isComplete(response)) finish(response);
    });
    // `Connection: close`: the daemon closes once the answer is sent.
    socket.once('end', () => finish(Buffer.concat(chunks)));
    socket.once('close', () => finish(Buffer.concat(chunks)));
    socket.setNoDelay(true);
    const sealed = sealPermissionRequest(secret, proof.nonce, agent, body);
    // write, not end: a half-closed request would read as a hook that went away.
    socket.write(
      Buffer.concat([
        Buffer.from(
          `POST /permission-request?agent=${agent} HTTP/1.1\r\n` +
            `Host: 127.0.0.1:${port}\r\n` +
            `Content-Type: ${SEALED_REQUEST_TYPE}\r\n` +
            `${ANSWER_NONCE_HEADER}: ${proof.nonce}\r\n` +
            `Content-Length: ${sealed.length}\r\n` +
            'Connection: close\r\n\r\n',
          'latin1',
        ),
        sealed,
      ]),
    );
  });
}
