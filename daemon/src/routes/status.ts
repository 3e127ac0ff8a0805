import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DaemonStatus } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';

export function statusRoutes(readStatus: () => Promise<DaemonStatus>): FastifyPluginAsync {
  return async (app) => {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/status',
        { config: { relayable: true }, schema: { response: { 200: DaemonStatus } } },
        async () => readStatus(),
      );
  };
}
