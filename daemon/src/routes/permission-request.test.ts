import { randomBytes } from 'node:crypto';
import type { PermissionRequestDetails } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_MAC_HEADER, ANSWER_NONCE_HEADER, SEALED_REQUEST_TYPE } from '../hook/hook-constants';
import { sealPermissionRequest } from '../hook/request-seal';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { permissionRequestRoutes } from './permission-request';

const REQUEST: PermissionRequestDetails = {
  source: 'codex',
  sessionId: 'thread-1',
  cwd: '/work/billing-api',
  toolName: 'exec_command',
  action: 'command',
  subject: 'npm publish --access public',
  description: null,
  resumed: false,
};
const NONCE = randomBytes(32).toString('base64url');

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** The local API with this route, over a desk that allows whatever it is handed. */
async function api() {
  const answerKey = randomBytes(32);
  const handed: PermissionRequestDetails[] = [];
  const app = await buildLocalApi({
    localApiKey: 'local-key',
    logger: createMemoryLogger(),
    routes: [
      permissionRequestRoutes(
        {
          request: async (details) => {
            handed.push(details);
            return { decision: { behavior: 'allow' }, reason: 'decided' };
          },
        },
        answerKey,
      ),
    ],
  });
  apps.push(app);
  const post = (payload: Buffer, nonce = NONCE, agent = 'codex') =>
    app.inject({
      method: 'POST',
      url: `/permission-request?agent=${agent}`,
      headers: { host: '127.0.0.1:8790', 'content-type': SEALED_REQUEST_TYPE, [ANSWER_NONCE_HEADER]: nonce },
      payload,
    });
  return { app, answerKey, handed, post };
}

describe('POST /permission-request, sealed by the hook', () => {
  it("opens a request sealed under this run's key and hands it over", async () => {
    const { answerKey, handed, post } = await api();
    const response = await post(sealPermissionRequest(answerKey, NONCE, 'codex', JSON.stringify(REQUEST)));
    expect(response.statusCode).toBe(200);
    expect(response.headers[ANSWER_MAC_HEADER]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(handed).toEqual([REQUEST]);
  });

  it('refuses one sealed under another key, for another nonce or agent, or not the schema, handing over nothing', async () => {
    const { answerKey, handed, post } = await api();
    const body = JSON.stringify(REQUEST);
    const refused = [
      await post(sealPermissionRequest(randomBytes(32), NONCE, 'codex', body)),
      await post(
        sealPermissionRequest(answerKey, NONCE, 'codex', body),
        randomBytes(32).toString('base64url'),
      ),
      await post(sealPermissionRequest(answerKey, NONCE, 'claude-code', body)),
      await post(sealPermissionRequest(answerKey, NONCE, 'codex', '{"source":"codex"}')),
      await post(sealPermissionRequest(answerKey, NONCE, 'codex', 'not json')),
    ];
    expect(refused.map((response) => [response.statusCode, response.json().error])).toEqual(
      refused.map(() => [400, 'invalid_request']),
    );
    expect(handed).toEqual([]);
  });

  it('refuses a plain JSON request (any local process could send one) with 415, handing over nothing', async () => {
    const { app, handed } = await api();
    const response = await app.inject({
      method: 'POST',
      url: '/permission-request?agent=codex',
      headers: { host: '127.0.0.1:8790', 'content-type': 'application/json', [ANSWER_NONCE_HEADER]: NONCE },
      payload: JSON.stringify(REQUEST),
    });
    expect([response.statusCode, response.json().error]).toEqual([415, 'unsupported_media_type']);
    expect(handed).toEqual([]);
  });
});
