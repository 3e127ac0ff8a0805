// For the permission tests: a stand-in relay on 127.0.0.1 (it records the calls posted and
// ended, and can be made to fail), and the daemon's real pieces around it: the registry, the
// reply inbox, and the local API with `POST /permission-request` on a real port.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Aad,
  type DaemonEventBody,
  generateE2eKey,
  open,
  type PermissionDecisionPlaintext,
  type PermissionEventPlaintext,
  type PermissionRequestDetails,
  seal,
} from '@ringback/protocol';
import Fastify from 'fastify';
import { newAnswerKey, writeAnswerKey } from '../config/answer-key';
import { newNonce } from '../hook/answer-mac';
import { ANSWER_NONCE_HEADER, SEALED_REQUEST_TYPE } from '../hook/hook-constants';
import { sealPermissionRequest } from '../hook/request-seal';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { HandledReplies } from '../replies/handled-replies';
import { ReplyInbox } from '../replies/reply-inbox';
import { permissionRequestRoutes } from '../routes/permission-request';
import type { PermissionRequestAnswer } from './permission-answer';
import type { PermissionGate } from './permission-gate';
import { PermissionRecords, type WriteFile } from './permission-records';
import { PermissionRegistry } from './permission-registry';

export const COMPUTER = { deviceId: 'dev-laptop', name: 'Laptop' };

export const REQUEST: PermissionRequestDetails = {
  source: 'claude-code',
  sessionId: 'sess-1',
  cwd: '/work/billing-api',
  toolName: 'Bash',
  action: 'command',
  subject: 'npm publish --tag secret-subject',
  description: 'Publish the package',
  resumed: false,
};

/** `lost`: the relay stores each event but its answer never arrives whole (a 503 stands in). */
export type RelayMode = 'ok' | 'unavailable' | 'lost';

/** A relay that takes daemon events and ends, as far as the daemon can tell. */
export async function standInRelay() {
  const posted: DaemonEventBody[] = [];
  const ended: string[] = [];
  let mode: RelayMode = 'ok';
  let endStatus = 204;
  const app = Fastify();
  app.post('/v1/daemon/events', async (request, reply) => {
    if (mode === 'unavailable') return reply.status(503).send({ error: 'relay_unavailable' });
    const body = request.body as DaemonEventBody;
    if (!posted.some((known) => known.eventId === body.eventId)) posted.push(body);
    if (mode === 'lost') return reply.status(503).send({ error: 'relay_unavailable' });
    return reply.status(201).send({ eventId: body.eventId, repeat: false });
  });
  app.post<{ Params: { eventId: string } }>('/v1/daemon/events/:eventId/end', async (request, reply) => {
    ended.push(request.params.eventId);
    if (endStatus === 409) return reply.status(409).send({ error: 'call_ended' });
    return reply.status(endStatus).send();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    posted,
    ended,
    setMode: (next: RelayMode) => {
      mode = next;
    },
    setEndStatus: (status: number) => {
      endStatus = status;
    },
    close: () => app.close(),
  };
}

export interface WorldOptions {
  gate?: PermissionGate;
  waitMs?: number;
  postDeadlineMs?: number;
  /** Where the daemon's relay is (default: the stand-in). */
  relayUrl?: string;
  /** No e2e key: not paired. */
  noKey?: boolean;
  dataDir?: string;
  /** The e2e key (a restarted daemon keeps its own). */
  key?: string;
  /** How `permissions.json` and `replies.json` are written (a crash stops the writes). */
  write?: WriteFile;
}

/** The daemon's permission pieces over a data directory, its local API listening. */
export async function permissionWorld(relay: { url: string }, options: WorldOptions = {}) {
  const key = options.key ?? generateE2eKey();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ringback-permission-')));
  const logger = createMemoryLogger();
  const gate: PermissionGate = options.gate ?? {
    check: async () => ({ ring: true, waitMs: options.waitMs ?? 60_000 }),
  };
  const registry = new PermissionRegistry({
    gate,
    key: () => (options.noKey ? null : key),
    target: async () => ({ serverUrl: options.relayUrl ?? relay.url, deviceToken: 'dev_token' }),
    computer: async () => COMPUTER,
    language: async () => 'en-US',
    records: await PermissionRecords.open(dataDir, logger, options.write),
    logger,
    ...(options.postDeadlineMs === undefined ? {} : { postDeadlineMs: options.postDeadlineMs }),
  });
  // As the daemon does at start: calls left waiting by a previous process end at the computer.
  registry.endOrphanedCalls();
  const resumed: unknown[] = [];
  const inbox = new ReplyInbox({
    handled: await HandledReplies.open(dataDir, logger, options.write),
    logger,
    key: () => key,
    session: () => ({ cwd: '/work/billing-api', source: 'claude-code' }),
    resume: async (request) => {
      resumed.push(request);
    },
    comment: async () => undefined,
    permissions: registry,
  });
  const answerKey = newAnswerKey();
  const api = await buildLocalApi({
    localApiKey: 'local-key',
    logger,
    routes: [permissionRequestRoutes(registry, answerKey)],
  });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const address = api.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // Where the hook finds it, as the daemon writes it: the hook run with RINGBACK_HOME=dataDir.
  await writeAnswerKey(dataDir, answerKey);

  /** The hook's side: seals the request, posts it and waits for the answer (or is aborted). */
  const ask = async (
    request: PermissionRequestDetails = REQUEST,
    init: { signal?: AbortSignal; headers?: Record<string, string>; agent?: string } = {},
  ) => {
    const agent = init.agent ?? request.source;
    const nonce = newNonce();
    const response = await fetch(`${url}/permission-request?agent=${agent}`, {
      method: 'POST',
      headers: {
        'content-type': SEALED_REQUEST_TYPE,
        [ANSWER_NONCE_HEADER]: nonce,
        ...init.headers,
      },
      body: sealPermissionRequest(answerKey, nonce, agent, JSON.stringify(request)),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    return { status: response.status, body: (await response.json()) as PermissionRequestAnswer };
  };

  /** A decision as the app seals it, for the call posted; `overrides` forge its fields. */
  const decision = async (
    call: PermissionEventPlaintext,
    fields: Partial<PermissionDecisionPlaintext> = {},
    aad = Aad.permissionDecision(call.eventId, call.requestId),
  ) => {
    const plaintext: PermissionDecisionPlaintext = {
      kind: 'permission-decision',
      eventId: call.eventId,
      requestId: call.requestId,
      behavior: 'allow',
      via: 'tap',
      deviceName: "Anna's phone",
      decidedAt: Date.now(),
      ...fields,
    };
    return seal(key, JSON.stringify(plaintext), aad);
  };

  /** Opens a posted call as the app does. */
  const openCall = async (body: DaemonEventBody): Promise<PermissionEventPlaintext> =>
    JSON.parse(await open(key, body.sealed, Aad.report(body.eventId)));

  /** A reply the relay hands over: the inbox's result. */
  const deliver = async (replyId: string, eventId: string, sealed: string) => {
    const result = await inbox.receive({ replyId, eventId, sealed });
    if (!result) throw new Error(`reply ${replyId} is still being handled`);
    return result;
  };

  return {
    key,
    dataDir,
    port,
    logger,
    registry,
    inbox,
    resumed,
    ask,
    decision,
    openCall,
    deliver,
    close: async () => {
      await api.close();
      await registry.close();
    },
  };
}

/** The failure a daemon sealed for a reply, as the app opens it. */
export async function failureOf(key: string, result: { replyId: string; failure?: string } | null) {
  if (!result?.failure) return null;
  return JSON.parse(await open(key, result.failure, Aad.replyError(result.replyId)));
}

/** The outcome a daemon sealed for a delivered decision, as every device of the account opens it. */
export async function outcomeOf(key: string, result: { replyId: string; outcome?: string } | null) {
  if (!result?.outcome) return null;
  return JSON.parse(await open(key, result.outcome, Aad.replyOutcome(result.replyId)));
}
