import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies byte-shaped like Multica's Go handlers. Bodies go out as Buffers so Fastify neither
 * re-serializes them nor appends `; charset=utf-8` to `application/json`.
 */

/** Success and handler errors: `json.NewEncoder` output, i.e. JSON plus a trailing newline. */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(Buffer.from(`${JSON.stringify(body)}\n`));
}

/** `writeError` / `writeErrorCode`: `{"error": …}` with an optional stable `code` and extras. */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return sendJson(reply, status, { error: message, ...extra });
}

/** The workspace middleware writes its JSON without the encoder's trailing newline. */
export function sendMiddlewareError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(Buffer.from(JSON.stringify({ error: message })));
}

/** Go's `http.Error`: text/plain even when the text looks like JSON (the auth middleware's 401s). */
export function sendHttpError(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(`${text}\n`));
}

/** Marks a request body that was not valid JSON; handlers answer 400 `invalid request body`. */
export const INVALID_BODY = Symbol('invalid body');

/** The request body as a JSON object, or `undefined` when it is missing, malformed or not an object. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> | undefined {
  const body = request.body;
  if (body === INVALID_BODY || body === null || typeof body !== 'object' || Array.isArray(body))
    return undefined;
  return body as Record<string, unknown>;
}

/** A query parameter as one string (the first when repeated). */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

export function pathParam(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] ?? '';
}
