import { deriveE2eKeyFromPassphrase } from '@ringback/protocol';
import { desktopBridge } from '../desktop/desktop-bridge';
import { createRelayClient, type PairLink, redeemPairingCode } from '../relay';
import type { LocalSettings } from '../storage';

export type PairedSettings = Pick<
  LocalSettings,
  | 'serverAddress'
  | 'deviceToken'
  | 'accountId'
  | 'deviceId'
  | 'daemonDeviceId'
  | 'deviceName'
  | 'computerDefaultsPending'
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
  const credentials = await redeemPairingCode(link.server, {
    code: link.code,
    kind: 'app',
    name: deviceName,
  });
  const client = createRelayClient({ server: link.server, token: credentials.deviceToken });
  const devices = await client.listDevices().catch(() => []);
  return {
    serverAddress: link.server,
    deviceToken: credentials.deviceToken,
    accountId: credentials.accountId,
    deviceId: credentials.deviceId,
    daemonDeviceId: devices.find((device) => device.kind === 'daemon')?.deviceId ?? null,
    deviceName,
    // The desktop app runs on the computer itself and keeps its own choices.
    computerDefaultsPending: desktopBridge() === null,
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
