import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { installRelayErrorHandler } from './error-handler';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app whose one route fails with `error`, as a route whose database read failed would. */
function failingWith(error: unknown) {
  const logger = createSilentRelayLogger();
  const app = Fastify({ logger: false });
  installRelayErrorHandler(app, logger);
  app.get('/fails', async () => {
    throw error;
  });
  apps.push(app);
  return { app, logger };
}

describe('the relay error handler', () => {
  it.each([
    ['the driver gave up on an answer', new Error('Query read timeout')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['the link broke', new Error('Connection terminated unexpectedly')],
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'statement_timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
  ])(
    'answers 503 relay_unavailable when the database is out of reach (%s), and logs why',
    async (_, error) => {
      const { app, logger } = failingWith(error);
      const response = await app.inject({ method: 'GET', url: '/fails' });
      expect(response.statusCode).toBe(503);
      expect(response.headers.connection).toBe('close');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ error: 'relay_unavailable', message: expect.any(String) });
      expect(logger.lines.join('\n')).toContain(error.message);
    },
  );

  it('still answers 500 for a failure that is not about reaching the database', async () => {
    const { app } = failingWith(Object.assign(new Error('duplicate key'), { code: '23505' }));
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'internal_error' });
  });
});
