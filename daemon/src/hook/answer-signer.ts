// For tests of the hook: a data dir holding a daemon's answer key, and the MAC header a real
// daemon would put on its answer to a request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnsweredDecision, answerMac, newAnswerSecret, parseAnswerSecret } from './answer-mac';
import {
  ANSWER_MAC_HEADER,
  ANSWER_NONCE_HEADER,
  HOOK_SECRET_FILE,
  SEALED_REQUEST_TYPE,
} from './hook-constants';
import { openPermissionRequest } from './request-seal';

export interface AnswerSigner {
  /** The hook's environment: it finds the key (and daemon.json) in this data dir. */
  env: { RINGBACK_HOME: string };
  /** The MAC header for this request's nonce and `decision` (none when the request had no nonce). */
  headers(request: IncomingMessage, decision: AnsweredDecision): Record<string, string>;
  /** The request's nonce, as the hook sent it. */
  nonceOf(request: IncomingMessage): string | undefined;
  mac(nonce: string, decision: AnsweredDecision): string;
  /** The request's body as the daemon reads it: opened when the hook sealed it, else as sent. */
  open(request: IncomingMessage, raw: Buffer): string | null;
  /** A restart: a new key written where the hook reads it, and used from now on. */
  rotate(): void;
  remove(): void;
}

export function answerSigner(): AnswerSigner {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringback-hook-home-'));
  let secret: Buffer = Buffer.alloc(0);
  const rotate = () => {
    const text = newAnswerSecret();
    writeFileSync(join(dataDir, HOOK_SECRET_FILE), `${text}\n`, { mode: 0o600 });
    const parsed = parseAnswerSecret(text);
    if (!parsed) throw new Error('bad secret');
    secret = parsed;
  };
  rotate();
  const nonceOf = (request: IncomingMessage) => {
    const nonce = request.headers[ANSWER_NONCE_HEADER];
    return typeof nonce === 'string' ? nonce : undefined;
  };
  const mac = (nonce: string, decision: AnsweredDecision) => answerMac(secret, nonce, decision);
  return {
    env: { RINGBACK_HOME: dataDir },
    nonceOf,
    mac,
    headers: (request, decision): Record<string, string> => {
      const nonce = nonceOf(request);
      if (nonce === undefined) return {};
      return { [ANSWER_MAC_HEADER]: mac(nonce, decision) };
    },
    open: (request, raw) => {
      if (request.headers['content-type'] !== SEALED_REQUEST_TYPE) return raw.toString('utf8');
      const agent = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('agent') ?? '';
      return openPermissionRequest(secret, nonceOf(request) ?? '', agent, raw);
    },
    rotate,
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
