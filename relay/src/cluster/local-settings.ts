import { settingsKey } from '../link/settings-broker';
import type { LocalRelay, SettingsOutcome } from './relay-cluster';

/** Sends a settings request down a link this instance holds and waits for the daemon's answer. */
export async function askOverLocalLink(
  local: Pick<LocalRelay, 'links' | 'broker'>,
  deviceId: string,
  requestId: string,
  sealed: string,
  timeoutMs: number,
): Promise<SettingsOutcome> {
  const link = local.links.get(deviceId);
  if (!link) return { refused: 'device_offline' };
  const key = settingsKey(deviceId, requestId);
  if (local.broker.isWaiting(key)) return { refused: 'in_flight' };
  const answer = local.broker.wait(key, timeoutMs);
  if (!link.send({ type: 'settings', requestId, sealed })) {
    local.broker.cancel(key);
    return { refused: 'device_offline' };
  }
  const result = await answer;
  return result ? { answer: result } : { refused: 'daemon_timeout' };
}
