import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  deriveE2eKeyFromPassphrase,
  E2eKeyReply,
  E2eKeyUpdate,
  E2eKeyUpdated,
  ErrorBody,
  generateE2eKey,
  keyIdOf,
  parseE2eKey,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import type { E2eKeyConfig } from '../config/daemon-config';
import { readE2eKey } from '../config/e2e-key';

/**
 * `GET /e2e/key` is local only (the relay gate refuses it 403 `not_relayed`). `PUT /e2e/key` is
 * local too, with one exception: a phone may replace the key through the relay with `{ key }`,
 * a key it derived from a passphrase on the device. The passphrase itself never leaves the device,
 * and `{ random: true }` is refused there, since the phone would never learn the key it made.
 * The answer is sealed with the key that opened the request, so the phone can still read it.
 * Only a passphrase's derived key is stored, never the passphrase.
 */
export function e2eKeyRoutes(config: ConfigStore): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get('/e2e/key', { schema: { response: { 200: E2eKeyReply, '4xx': ErrorBody } } }, async () => {
      const e2e = readE2eKey(config);
      if (!e2e) throw new RingbackError('not_found', 'no end-to-end key is set: set one with PUT /e2e/key');
      return { ...e2e, keyId: await keyIdOf(e2e.key) };
    });

    routes.put(
      '/e2e/key',
      {
        config: { relayable: true },
        schema: { body: E2eKeyUpdate, response: { 200: E2eKeyUpdated, '4xx': ErrorBody } },
      },
      async (request) => {
        const { passphrase, key, random } = request.body;
        if (request.relayed && key === undefined) {
          throw new RingbackError(
            'not_relayed',
            'through the relay only { key } is accepted: derive the key from the passphrase on the device',
          );
        }
        const given = [passphrase !== undefined, key !== undefined, random === true].filter(Boolean).length;
        if (given !== 1) {
          throw new RingbackError('invalid_request', 'send exactly one of passphrase, key or random: true');
        }
        let e2e: E2eKeyConfig;
        const updatedAt = new Date().toISOString();
        if (passphrase !== undefined) {
          e2e = { key: await deriveE2eKeyFromPassphrase(passphrase), source: 'passphrase', updatedAt };
        } else if (key !== undefined) {
          parseE2eKey(key.trim());
          e2e = { key: key.trim(), source: 'key', updatedAt };
        } else {
          e2e = { key: generateE2eKey(), source: 'random', updatedAt };
        }
        await config.update((current) => ({ ...current, e2e }));
        return { keyId: await keyIdOf(e2e.key), source: e2e.source, updatedAt };
      },
    );
  };
}
