import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';

/** `GET /status` (bearer): what `ringback status` prints about a running daemon. */
export const DaemonStatus = Type.Object({
  pid: Type.Integer(),
  startedAt: Type.String(),
  localPort: Type.Integer(),
  dataDir: Type.String(),
  llm: Type.Union([
    Type.Object({ model: Type.String(), baseUrl: Type.String(), structuredOutput: Type.String() }),
    Type.Null(),
  ]),
  briefLanguage: Type.Object({ language: Type.String(), source: Type.String() }),
  e2eKey: Type.Union([Type.Object({ keyId: Type.String(), source: Type.String() }), Type.Null()]),
  relay: Type.Union([
    Type.Object({
      serverUrl: Type.String(),
      /** Whether the daemon's WebSocket to the relay is up (replies and relayed settings). */
      linked: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ]),
  outbox: Type.Object({ pending: Type.Integer(), byState: Type.Record(Type.String(), Type.Integer()) }),
});
export type DaemonStatus = Type.Static<typeof DaemonStatus>;

export function statusRoutes(readStatus: () => Promise<DaemonStatus>): FastifyPluginAsync {
  return async (app) => {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get('/status', { schema: { response: { 200: DaemonStatus } } }, async () => readStatus());
  };
}
