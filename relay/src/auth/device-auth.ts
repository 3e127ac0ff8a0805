import { RingbackError } from '@ringback/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeviceRecord } from '../storage/relay-store';
import { hashSecret } from './tokens';

/** Who may call a route: anyone (account creation, pairing redemption), any device, a daemon, or an app. */
export type RouteAuth = 'none' | 'device' | 'daemon' | 'app';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    device: DeviceRecord | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the device token on every route that needs one, before the body is read: a
 * missing, malformed or removed token is 401, so an app stops reconnecting and shows welcome.
 */
export function installDeviceAuth(
  app: FastifyInstance,
  deviceOfToken: (tokenHash: string) => Promise<DeviceRecord | null>,
): void {
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth ?? 'device';
    if (auth === 'none') return;
    const token = bearerToken(request);
    const device = token ? await deviceOfToken(hashSecret(token)) : null;
    if (!device)
      throw new RingbackError(
        'unauthorized',
        'a valid device token is required (Authorization: Bearer dev_…)',
      );
    if (auth === 'daemon' && device.kind !== 'daemon') throw new RingbackError('daemon_only');
    if (auth === 'app' && device.kind !== 'app') throw new RingbackError('app_only');
    request.device = device;
  });
}

/** The authenticated device of a route that requires one. */
export function deviceOf(request: FastifyRequest): DeviceRecord {
  if (!request.device) throw new RingbackError('unauthorized');
  return request.device;
}
