import { type ErrorCode, RingbackError, statusOf } from '@ringback/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger } from '../log/logger';

/** Fastify's own failures mapped onto our catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_request',
};

/**
 * One error handler: every failure leaves as `{ error, message? }` with the catalogue's status.
 * Expected failures keep their message; unexpected ones are logged and answered without detail.
 */
export function installErrorHandler(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: FastifyError | RingbackError, request, reply) => {
    if (error instanceof RingbackError) {
      return reply.status(error.status).send(error.toBody());
    }
    if ('validation' in error && error.validation) {
      const code = request.routeOptions.config.invalidBodyError ?? 'invalid_request';
      const context = error.validationContext ?? 'body';
      const detail = error.validation[0];
      const field = detail?.instancePath ? detail.instancePath.slice(1).replaceAll('/', '.') : context;
      return reply
        .status(statusOf(code))
        .send({ error: code, message: `${field}: ${detail?.message ?? 'is invalid'}` });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      return reply.status(statusOf(mapped)).send({ error: mapped, message: error.message });
    }
    logger.error(`${request.method} ${request.url} failed: ${error.stack ?? error.message}`);
    return reply
      .status(500)
      .send({ error: 'internal_error', message: 'unexpected failure; see the daemon log' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send({ error: 'not_found', message: `no route ${request.method} ${request.url}` });
  });
}
