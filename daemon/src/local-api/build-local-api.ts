import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Logger } from '../log/logger';
import { installErrorHandler } from './error-handler';
import { installLocalGuards } from './guards';
import { acceptJsonBodiesOnly } from './json-body';
import { installRelayGate } from './relay-gate';
import './route-config';

/** Bodies other routes accept; uploads of later issues set their own larger limits. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export interface LocalApiOptions {
  localApiKey: string;
  logger: Logger;
  /** One plugin per resource (`routes/*.ts`). */
  routes: FastifyPluginAsync[];
}

/**
 * The daemon's local HTTP API, without listening: tests use `inject`, the daemon listens on
 * 127.0.0.1, and requests from the relay run through `app.runRelayed`.
 */
export async function buildLocalApi(options: LocalApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: DEFAULT_BODY_LIMIT_BYTES, forceCloseConnections: true });
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  acceptJsonBodiesOnly(app);
  installErrorHandler(app, options.logger);
  // First of the hooks: a relayed request to a local-only route meets no other check.
  installRelayGate(app, options.localApiKey);
  installLocalGuards(app, options.localApiKey);
  for (const routes of options.routes) await app.register(routes);
  await app.ready();
  return app;
}
