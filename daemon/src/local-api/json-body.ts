import { RingbackError } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * Bodies are JSON only: any other media type gets 415. A body that is not JSON gets the
 * route's own code (`invalid_report` on `POST /report`), so a client sees one vocabulary.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const code = request.routeOptions.config.invalidBodyError ?? 'invalid_request';
      done(new RingbackError(code, 'the body is not valid JSON'), undefined);
    }
  });
}
