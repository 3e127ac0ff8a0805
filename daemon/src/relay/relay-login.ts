import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  type DeviceCredentials,
  type LocalLoginReply,
  type PairingCode,
  type PairingOffer,
  RingbackError,
} from '@ringback/protocol';
import type { ConfigStore } from '../config/config-store';
import { DATA_FILES } from '../config/data-dir';
import { readE2eKey } from '../config/e2e-key';
import { writeFileAtomic } from '../storage/atomic-write';
import { recordOwnDevice } from './own-device';
import { formatPairLink, parsePairLink } from './pair-link';
import { callRelay } from './relay-client';
import { readRelayTarget } from './relay-target';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8791';

export interface LoginRequest {
  /** The relay; defaults to the one configured, else the local default. */
  server?: string;
  /** A 6-digit pairing code or a `ringback://pair?…` link: join that account. */
  join?: string;
  /** A private relay's claim code, for its first account. */
  claimCode?: string;
  /** This computer's name on the account; defaults to the host name. */
  name?: string;
}

/** `joined`: this computer joined an existing account; `keyFromLink`: a pair link's key replaced its own. */
export type LoginResult = LocalLoginReply;

/**
 * Logs this computer in to a relay as a `daemon` device: creates an account, or joins one by
 * pairing code or link (a link also brings the account's e2e key). Stores `server.url` and
 * the device token (mode 600) so delivery starts at once.
 */
export async function loginToRelay(
  dataDir: string,
  config: ConfigStore,
  login: LoginRequest,
): Promise<LoginResult> {
  const link = login.join ? parsePairLink(login.join) : null;
  const code = link?.code ?? login.join?.trim();
  if (code !== undefined && !/^\d{6}$/.test(code)) {
    throw new RingbackError('invalid_pairing_code', 'give a 6-digit pairing code or a ringback://pair link');
  }
  const serverUrl = normalizeServer(
    link?.server ?? login.server ?? config.read().server?.url ?? DEFAULT_SERVER_URL,
  );
  const name = (login.name ?? hostname()).slice(0, 80) || 'computer';
  const credentials = code
    ? await callRelay<DeviceCredentials>(serverUrl, '/v1/pairing-codes/redeem', {
        body: { code, kind: 'daemon', name },
      })
    : await callRelay<DeviceCredentials>(serverUrl, '/v1/accounts', {
        body: { kind: 'daemon', name, ...(login.claimCode ? { claimCode: login.claimCode.trim() } : {}) },
      });
  await writeFileAtomic(join(dataDir, DATA_FILES.deviceToken), credentials.deviceToken);
  // The id that devices' sealed requests must name; a crash before it is written is caught by OwnDevice.
  await recordOwnDevice(dataDir, credentials.deviceToken, credentials.deviceId);
  await config.update((current) => ({
    ...current,
    server: { ...current.server, url: serverUrl },
    ...(link ? { e2e: { key: link.key, source: 'key' as const, updatedAt: new Date().toISOString() } } : {}),
  }));
  return {
    serverUrl,
    accountId: credentials.accountId,
    deviceId: credentials.deviceId,
    joined: code !== undefined,
    keyFromLink: link !== null,
  };
}

/** A fresh pairing code for another device, with this computer's key in the link. */
export async function createPairingOffer(dataDir: string, config: ConfigStore): Promise<PairingOffer> {
  const target = await readRelayTarget(dataDir, config.read());
  if (!target) throw new RingbackError('not_logged_in');
  const e2e = readE2eKey(config);
  if (!e2e) throw new RingbackError('not_logged_in', 'no end-to-end key is set: set one with PUT /e2e/key');
  const { code, expiresAt } = await callRelay<PairingCode>(target.serverUrl, '/v1/pairing-codes', {
    method: 'POST',
    body: {},
    token: target.deviceToken,
  });
  return {
    serverUrl: target.serverUrl,
    code,
    key: e2e.key,
    expiresAt,
    link: formatPairLink({ server: target.serverUrl, code, key: e2e.key }),
  };
}

function normalizeServer(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new RingbackError('invalid_request', `not a relay URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new RingbackError('invalid_request', `the relay URL must be http(s): ${url}`);
  return parsed.href.replace(/\/$/, '');
}
