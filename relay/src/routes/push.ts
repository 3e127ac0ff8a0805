import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  PushKey,
  PushSubscriptionBody,
  PushSubscriptionState,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { whyKeysRefused } from '../push/subscription-keys';
import type { RelayRuntime } from '../relay-deps';

/**
 * Web Push for app devices: the relay's public key to subscribe with, and each device's
 * subscription. A push carries only a call's id (push/call-pushes.ts).
 */
export function pushRoutes(deps: RelayRuntime): FastifyPluginAsync {
  const unavailable = () => new RingbackError('push_unavailable', deps.webPush.offReason ?? undefined);

  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/v1/push/key',
      { schema: { response: { 200: PushKey, '4xx': ErrorBody, '5xx': ErrorBody } } },
      async () => {
        if (deps.webPush.publicKey === null) throw unavailable();
        return { publicKey: deps.webPush.publicKey };
      },
    );

    api.post(
      '/v1/push/subscription',
      {
        config: { auth: 'app' },
        schema: {
          body: PushSubscriptionBody,
          response: { 204: Type.Null(), '4xx': ErrorBody, '5xx': ErrorBody },
        },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        if (deps.webPush.publicKey === null) throw unavailable();
        const { endpoint, keys } = request.body;
        const refused = deps.webPush.whyEndpointRefused(endpoint);
        if (refused) throw new RingbackError('push_endpoint_refused', refused);
        const badKeys = whyKeysRefused(keys);
        if (badKeys) throw new RingbackError('invalid_request', badKeys);
        const saved = await deps.store.savePushSubscription({
          accountId: me.accountId,
          deviceId: me.deviceId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
        });
        // Removed between its token check and now.
        if (saved === 'device_gone') throw new RingbackError('unauthorized');
        if (saved === 'endpoint_taken') throw new RingbackError('push_endpoint_taken');
        return reply.status(204).send(null);
      },
    );

    // What the relay holds for this device: null once it dropped the subscription (its push
    // service refused it), so the app knows to subscribe again.
    api.get(
      '/v1/push/subscription',
      {
        config: { auth: 'app' },
        schema: { response: { 200: PushSubscriptionState, '4xx': ErrorBody, '5xx': ErrorBody } },
      },
      async (request) => {
        const me = deviceOf(request);
        const held = await deps.store.pushSubscriptionOf(me.accountId, me.deviceId);
        return { endpoint: held?.endpoint ?? null };
      },
    );

    api.delete(
      '/v1/push/subscription',
      { config: { auth: 'app' }, schema: { response: { 204: Type.Null(), '4xx': ErrorBody } } },
      async (request, reply) => {
        const me = deviceOf(request);
        await deps.store.deletePushSubscription(me.accountId, me.deviceId);
        return reply.status(204).send(null);
      },
    );
  };
}
