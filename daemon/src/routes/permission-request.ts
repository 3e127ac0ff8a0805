import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, PermissionRequestDetails, ReportQuery, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { answerMac, NONCE_PATTERN } from '../hook/answer-mac';
import { ANSWER_MAC_HEADER, ANSWER_NONCE_HEADER, SEALED_REQUEST_TYPE } from '../hook/hook-constants';
import { openPermissionRequest } from '../hook/request-seal';
import { isIntakeHost } from '../local-api/loopback';
import { PermissionRequestAnswer } from '../permission/permission-answer';

/** Where requests go: held until each has its outcome. */
export interface PermissionDesk {
  request(details: PermissionRequestDetails, hookGone: AbortSignal): Promise<PermissionRequestAnswer>;
}

/** The command, file or domain in full (16 kB), its description and path, escaped at worst. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * `POST /permission-request[?agent=claude-code|codex]`: an agent's PermissionRequest hook hands
 * the request over and waits on this one request for the outcome (200 `{decision, reason}`).
 * Like `/report`, no local API key, and only a local process may call it: a 127.0.0.1/localhost
 * Host and no Origin, so no web page can ask. When the hook's
 * connection closes first, the agent stopped waiting: the call ends at the computer.
 * The hook sends a fresh nonce (`Ringback-Nonce`); a decision is answered with
 * `Ringback-Answer-Mac`, HMAC-SHA256 under this run's answer key (`answerKey`, which only this
 * user can read) over the nonce and the decision, so that the hook can tell this daemon's answer
 * from another program's on the same port. The hook also seals its request under that key
 * (`application/vnd.ringback.sealed-request`): another program on the port learns nothing of it,
 * and only a program that can read the key (this user's) can ask at all; plain JSON is refused.
 */
export function permissionRequestRoutes(desk: PermissionDesk, answerKey: Buffer): FastifyPluginAsync {
  return async (app) => {
    // The hook seals its request under this run's answer key (request-seal.ts): opened here, it
    // is then checked against the schema like a plain JSON body.
    app.addContentTypeParser(
      SEALED_REQUEST_TYPE,
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      (request, sealed: Buffer, done) => {
        const nonce = request.headers[ANSWER_NONCE_HEADER];
        const { agent } = request.query as { agent?: unknown };
        const body =
          typeof nonce === 'string' && typeof agent === 'string'
            ? openPermissionRequest(answerKey, nonce, agent, sealed)
            : null;
        if (body === null) {
          return done(
            new RingbackError(
              'invalid_request',
              'the sealed permission request does not open with this daemon run’s key, nonce and agent',
            ),
          );
        }
        try {
          done(null, JSON.parse(body));
        } catch {
          done(new RingbackError('invalid_request', 'the sealed permission request is not JSON'));
        }
      },
    );
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/permission-request',
      {
        bodyLimit: BODY_LIMIT_BYTES,
        // Not relayable: only a local agent's hook may ask.
        config: { public: true },
        schema: {
          querystring: ReportQuery,
          body: PermissionRequestDetails,
          response: { 200: PermissionRequestAnswer, '4xx': ErrorBody },
        },
        onRequest: async (request) => {
          if (request.headers.origin !== undefined) {
            throw new RingbackError(
              'forbidden_origin',
              'permission requests are accepted only from local processes, not web pages',
            );
          }
          if (!isIntakeHost(request.headers.host)) {
            throw new RingbackError(
              'forbidden_host',
              'permission requests must be addressed to 127.0.0.1 or localhost',
            );
          }
          // Only the hook, which can read this run's key, can seal: another local program (another
          // user's) cannot ring the phone with words of its own making.
          const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          if (mediaType !== SEALED_REQUEST_TYPE) {
            throw new RingbackError(
              'unsupported_media_type',
              `a permission request must come sealed by the hook, as ${SEALED_REQUEST_TYPE}`,
            );
          }
        },
      },
      async (request, reply) => {
        const { agent } = request.query;
        const nonce = request.headers[ANSWER_NONCE_HEADER];
        if (nonce !== undefined && (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce))) {
          throw new RingbackError(
            'invalid_request',
            `${ANSWER_NONCE_HEADER} must be 22 to 128 base64url characters`,
          );
        }
        if (agent !== undefined && agent !== request.body.source) {
          throw new RingbackError(
            'invalid_request',
            `the request is from ${request.body.source}, not ${agent}`,
          );
        }
        // The response's close before it was sent is the hook going away (interrupted, or its
        // agent's own timeout); the request's own `close` only says its body was read.
        const hookGone = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) hookGone.abort();
        });
        const answer = await desk.request(request.body, hookGone.signal);
        if (nonce !== undefined && answer.decision)
          reply.header(ANSWER_MAC_HEADER, answerMac(answerKey, nonce, answer.decision));
        return answer;
      },
    );
  };
}
