import { type ErrorCode, RingbackError, statusOf } from '@ringback/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { RelayLogger } from '../relay-logger';
import { isConnectionFailure } from '../storage/postgres/connection-failure';
import { replyRelayUnavailable } from './relay-unavailable';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_request',
};

/**
 * Every failure leaves as `{ error, message? }` with the catalogue's status; 400 names the field,
 * and a database out of reach is 503 `relay_unavailable`.
 */
export function installRelayErrorHandler(app: FastifyInstance, logger: RelayLogger): void {
  app.setErrorHandler((error: FastifyError | RingbackError, request, reply) => {
    if (error instanceof RingbackError) return reply.status(error.status).send(error.toBody());
    if ('validation' in error && error.validation) {
      const detail = error.validation[0];
      const field = detail?.instancePath
        ? detail.instancePath.slice(1).replaceAll('/', '.')
        : (error.validationContext ?? 'body');
      return reply
        .status(400)
        .send({ error: 'invalid_request', message: `${field}: ${detail?.message ?? 'is invalid'}` });
    }
    if (error instanceof SyntaxError) {
      return reply.status(400).send({ error: 'invalid_request', message: 'body is not valid JSON' });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(statusOf(mapped)).send({ error: mapped, message: error.message });
    if (isConnectionFailure(error)) {
      // Not a fault of the request: this instance cannot reach PostgreSQL (a dead link, a
      // failover). 503 sends the client to another instance, or to try again shortly.
      logger.warn(`${request.method} ${request.url}: the database is unreachable: ${error.message}`);
      return replyRelayUnavailable(reply);
    }
    logger.error(`${request.method} ${request.url} failed: ${error.stack ?? error.message}`);
    return reply
      .status(500)
      .send({ error: 'internal_error', message: 'unexpected failure; see the relay log' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: 'not_found', message: `no route ${request.method} ${request.url}` }),
  );
}
