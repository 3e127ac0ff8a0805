import type { IncomingHttpHeaders } from 'node:http';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { authHook, workspaceHook } from './auth.js';
import type { Core } from './core.js';
import { INVALID_BODY, sendError } from './http.js';
import type { RealtimeHub } from './realtime.js';
import { registerAgentRoutes } from './routes-agents.js';
import { registerCommentRoutes } from './routes-comments.js';
import { registerIssueRoutes } from './routes-issues.js';
import { registerProjectRoutes } from './routes-projects.js';
import { registerQuickCreateRoute } from './routes-quick-create.js';
import { MAX_UPLOAD_BYTES, registerUploadRoutes } from './routes-uploads.js';
import { registerWorkspaceRoutes } from './routes-workspaces.js';
import type { TaskEngine } from './tasks.js';

/** Multica caps inbound socket frames at 64 KiB. */
const MAX_WS_FRAME = 64 * 1024;

/** One request as the fake received it, for asserting what a client sent (and how often). */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Path and query string as sent. */
  url: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, the raw text when it was not JSON, `'[multipart]'` for uploads, else undefined. */
  body: unknown;
  status: number;
  at: number;
}

export interface AppParts {
  core: Core;
  engine: TaskEngine;
  hub: RealtimeHub;
  requests: RecordedRequest[];
  /** Fake-only control routes, registered outside Multica's namespace. */
  control: (app: FastifyInstance) => void;
}

/** The Fastify app: Multica's routes and error behaviour, plus `/ws` and `/__fake/*`. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { core, engine, hub, requests } = parts;
  // No automatic HEAD routes: chi answers HEAD on a GET-only route 405.
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    exposeHeadRoutes: false,
    bodyLimit: 16 * 1024 * 1024,
  });

  // Go handlers decode whatever body arrives; bad JSON becomes the handler's own 400, never Fastify's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, INVALID_BODY);
    }
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, fields: 20, files: 5 } });
  await app.register(websocket, { options: { maxPayload: MAX_WS_FRAME } });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/__fake/')) requests.push(record(request, reply.statusCode, core.now()));
    return payload;
  });

  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+')}$`);
    for (const method of methods) routes.push({ method, pattern });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // chi: a known path with the wrong method is 405 with an empty body; anything else is 404 text.
    if (routes.some((r) => r.method !== request.method && r.pattern.test(path)))
      return reply.code(405).send();
    return reply
      .code(404)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from('404 page not found\n'));
  });

  app.setErrorHandler(async (error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413 || status === 400) return sendError(reply, 400, 'invalid request body');
    return sendError(reply, 500, 'internal server error');
  });

  await app.register(async (api) => {
    api.addHook('onRequest', authHook(core.state, core.now));
    registerWorkspaceRoutes(api, core);
    registerUploadRoutes(api, core);
    await api.register(async (scoped) => {
      scoped.addHook('onRequest', workspaceHook(core.state));
      registerIssueRoutes(scoped, core, engine);
      registerQuickCreateRoute(scoped, core, engine);
      registerCommentRoutes(scoped, core, engine);
      registerProjectRoutes(scoped, core);
      registerAgentRoutes(scoped, core, engine);
    });
  });

  hub.register(app);
  await app.register(async (fake) => parts.control(fake));
  return app;
}

function record(request: FastifyRequest, status: number, at: number): RecordedRequest {
  const multipartBody = String(request.headers['content-type'] ?? '').startsWith('multipart/');
  const body =
    request.body === INVALID_BODY ? '[invalid json]' : multipartBody ? '[multipart]' : request.body;
  return {
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    url: request.url,
    query: { ...(request.query as Record<string, unknown>) },
    headers: { ...request.headers },
    body,
    status,
    at,
  };
}
