import { deriveE2eKeyFromPassphrase } from '@ringback/protocol';
import { endpointRouting, hostFetch } from '../desktop/host-fetch';
import { createRelayClient, type PairLink, redeemPairingCode } from '../relay';
import type { LocalSettings } from '../storage';

export type PairedSettings = Pick<
  LocalSettings,
  'serverAddress' | 'deviceToken' | 'accountId' | 'deviceId' | 'daemonDeviceId' | 'deviceName'
> & {
  /** The account's `k1_` key, for the key store to hold: it never goes into the settings as is. */
  e2eKey: string;
};

/**
 * Joins the account of a pairing link: redeems its code for this device's token and keeps the
 * key that came with it (never sent to the relay). The account's computer is looked up once, so
 * settings can reach its daemon through the relay.
 */
export async function pairWithLink(link: PairLink, deviceName: string): Promise<PairedSettings> {
  // The desktop app reaches the relay through main, which must know it first.
  await endpointRouting.tryOut([link.server]);
  const credentials = await redeemPairingCode(
    link.server,
    { code: link.code, kind: 'app', name: deviceName },
    hostFetch,
  );
  const client = createRelayClient({ server: link.server, token: credentials.deviceToken, fetch: hostFetch });
  const devices = await client.listDevices().catch(() => []);
  return {
    serverAddress: link.server,
    deviceToken: credentials.deviceToken,
    accountId: credentials.accountId,
    deviceId: credentials.deviceId,
    daemonDeviceId: devices.find((device) => device.kind === 'daemon')?.deviceId ?? null,
    deviceName,
    e2eKey: link.key,
  };
}

/** Joins by the 6-digit code: the key is derived on this device from the passphrase the computer uses. */
export async function pairWithCode(
  values: { server: string; code: string; passphrase: string },
  deviceName: string,
): Promise<PairedSettings> {
  const key = await deriveE2eKeyFromPassphrase(values.passphrase);
  return pairWithLink({ server: values.server.replace(/\/+$/, ''), code: values.code, key }, deviceName);
}
