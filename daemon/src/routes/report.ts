import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type AgentReport,
  createParser,
  ErrorBody,
  PermissionMode,
  REPORT_BODY_LIMIT_BYTES,
  ReportAccepted,
  ReportQuery,
  RingbackError,
  StopPayload,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { isIntakeHost } from '../local-api/loopback';

/** Where accepted reports go; resolves only once the report is durable. */
export interface ReportIntake {
  accept(report: AgentReport): Promise<void>;
}

const permissionMode = createParser(PermissionMode);

/**
 * The report the intake takes: the fields of the payload it uses, and the agent named beside it.
 * `permission_mode` is the agent's field, so an odd one never refuses the report: it is kept
 * only when it is a plain word, for the reply to resume the session the same way.
 */
function toAgentReport(payload: StopPayload, source: AgentReport['source']): AgentReport {
  const report: AgentReport = {
    source,
    session_id: payload.session_id,
    cwd: payload.cwd,
    last_assistant_message: payload.last_assistant_message,
  };
  if (typeof payload.transcript_path === 'string') report.transcript_path = payload.transcript_path;
  if (payload.stop_hook_active !== undefined) report.stop_hook_active = payload.stop_hook_active;
  if (permissionMode.check(payload.permission_mode)) report.permission_mode = payload.permission_mode;
  return report;
}

/**
 * `POST /report[?agent=claude-code|codex]`: the Stop hook's entry, taking the agent's payload as
 * it is (a bare one is Claude Code's). No bearer key (the hook runs in the agent's environment),
 * so it takes only what a local process sends: a 127.0.0.1/localhost Host and no Origin — no web
 * page can make the user's phone ring.
 */
export function reportRoutes(intake: ReportIntake): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/report',
      {
        bodyLimit: REPORT_BODY_LIMIT_BYTES,
        // Not relayable: only a local agent's hook may make the phone ring.
        config: { public: true, invalidBodyError: 'invalid_report' },
        schema: {
          querystring: ReportQuery,
          body: StopPayload,
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
        await intake.accept(toAgentReport(request.body, request.query.agent ?? 'claude-code'));
        return reply.status(202).send({ accepted: true });
      },
    );
  };
}
