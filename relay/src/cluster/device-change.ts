import type { DeviceChange } from './channels';
import type { LocalRelay } from './relay-cluster';

/**
 * What a device change means on one instance: the account's names and the device's token are
 * read again, and a removed device's streams, daemon link and answers from its computer close.
 */
export function applyDeviceChange(
  local: LocalRelay,
  accountId: string,
  deviceId: string,
  change: DeviceChange | string,
): void {
  local.names.forget(accountId);
  local.tokens.forgetDevice(deviceId);
  if (change !== 'removed') return;
  local.hub.closeDevice(accountId, deviceId);
  local.links.closeDevice(deviceId);
  local.computerAnswers.deviceRemoved(deviceId);
}
