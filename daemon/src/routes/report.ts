import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AgentReport,
  ErrorBody,
  REPORT_BODY_LIMIT_BYTES,
  ReportAccepted,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { isIntakeHost } from '../local-api/loopback';

/** Where accepted reports go; resolves only once the report is durable. */
export interface ReportIntake {
  accept(report: AgentReport): Promise<void>;
}

/**
 * `POST /report`: the Stop hook's entry. No bearer key (the hook runs in the agent's
 * environment), so it takes only what a local process sends: a 127.0.0.1/localhost Host and
 * no Origin — no web page can make the user's phone ring.
 */
export function reportRoutes(intake: ReportIntake): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/report',
      {
        bodyLimit: REPORT_BODY_LIMIT_BYTES,
        config: { public: true, invalidBodyError: 'invalid_report' },
        schema: {
          body: AgentReport,
          response: { 202: ReportAccepted, '4xx': ErrorBody },
        },
        onRequest: async (request) => {
          if (request.headers.origin !== undefined) {
            throw new RingbackError(
              'forbidden_origin',
              'reports are accepted only from local processes, not web pages',
            );
          }
          if (!isIntakeHost(request.headers.host)) {
            throw new RingbackError('forbidden_host', 'reports must be addressed to 127.0.0.1 or localhost');
          }
        },
      },
      async (request, reply) => {
        await intake.accept(request.body);
        return reply.status(202).send({ accepted: true });
      },
    );
  };
}
