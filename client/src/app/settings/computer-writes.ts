import type { DaemonReach, SealingKey } from '@ringback/protocol';
import { desktopBridge } from '../../desktop/desktop-bridge';
import type { RelayClient, SettingsRequest } from '../../relay';
import { RelayError } from '../../relay';
import type { LocalSettings } from '../../storage';

/** Why a write to the computer did not happen, in words; shown on the settings pages. */
export class ComputerWriteError extends Error {
  override readonly name = 'ComputerWriteError';
  /** The relay's or the computer's error code, when one was given (`device_offline`, `tracker_not_configured`). */
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

const RELAY_WORDS: Record<string, string> = {
  device_offline: 'Your computer is not connected right now (is `ringback up` running?)',
  daemon_timeout: 'Your computer did not answer in time',
  undecryptable_request: 'Your computer holds a different end-to-end key than this device',
  device_not_found: 'This account has no computer to write to',
  network_error: 'The relay cannot be reached from this device',
};

const DAEMON_WORDS: Record<string, string> = {
  not_relayed: 'Your computer accepts this only when set on the computer itself',
  replayed_request: 'Your computer refused a repeated request: try again',
  invalid_llm_settings: 'Your computer refused these model settings',
  invalid_language: 'Your computer does not know this language',
  invalid_request: 'Your computer refused the request',
  invalid_tracker_token: 'Multica refused this token',
  tracker_not_configured: 'Your computer has no Multica token yet: set it under Settings › Tracker',
  workspace_not_found: 'This token does not reach that workspace',
  tracker_unreachable: 'Your computer cannot reach Multica right now',
  agent_unavailable: 'The agent cannot take work now',
  agent_not_found: 'That agent no longer exists',
  project_not_found: 'That project no longer exists',
  issue_not_found: 'That issue no longer exists',
  dispatch_not_found: 'Your computer has no such call',
  invalid_dispatch: 'Your computer refused this call',
};

/** The desktop app could not reach the daemon on this computer (no key file, nothing listening). */
export const DAEMON_NOT_RUNNING = 'daemon_not_running';
const NOT_RUNNING_WORDS = 'Ringback is not running on this computer (start it with `ringback up`)';

/**
 * Runs one of the computer's settings calls sealed through the relay (the phone has no way to
 * the computer but the relay) with this device's key. The account's computer is looked up when
 * it is not known yet.
 */
export async function writeToComputer(
  client: RelayClient,
  target: Pick<LocalSettings, 'daemonDeviceId'> & { e2eKey: SealingKey | null },
  request: SettingsRequest,
  remember: (daemonDeviceId: string) => void,
): Promise<unknown> {
  // The desktop app runs on the computer itself: straight to its daemon, relay or no relay.
  const bridge = desktopBridge();
  if (bridge) {
    const reach = await bridge.daemon.request(request).catch((error: unknown) => {
      throw new ComputerWriteError((error as Error).message ?? String(error));
    });
    return answerOf(reachOf(reach));
  }
  const key = target.e2eKey;
  if (!key) throw new ComputerWriteError('This device has no end-to-end key');
  let daemonDeviceId = target.daemonDeviceId;
  if (!daemonDeviceId) {
    const devices = await client.listDevices().catch(() => []);
    daemonDeviceId = devices.find((device) => device.kind === 'daemon')?.deviceId ?? null;
    if (!daemonDeviceId)
      throw new ComputerWriteError(RELAY_WORDS.device_not_found ?? 'No computer', 'device_not_found');
    remember(daemonDeviceId);
  }
  let result: { status: number; body: unknown };
  try {
    result = await client.relaySettingsRequest(daemonDeviceId, key, request);
  } catch (error) {
    if (error instanceof RelayError)
      throw new ComputerWriteError(RELAY_WORDS[error.code] ?? error.message, error.code);
    throw new ComputerWriteError((error as Error).message);
  }
  return answerOf(result);
}

/** The daemon's answer through the desktop bridge, or why it could not be asked, in words. */
function reachOf(reach: DaemonReach): { status: number; body: unknown } {
  if (reach.ok) return { status: reach.status, body: reach.body };
  throw new ComputerWriteError(NOT_RUNNING_WORDS, DAEMON_NOT_RUNNING);
}

/** The local API's body on 2xx, else its refusal in words. */
function answerOf(result: { status: number; body: unknown }): unknown {
  if (result.status >= 200 && result.status < 300) return result.body;
  const body = result.body as { error?: string; message?: string } | null;
  const words = (body?.error && DAEMON_WORDS[body.error]) ?? 'Your computer refused the change';
  throw new ComputerWriteError(body?.message ? `${words}: ${body.message}` : words, body?.error);
}
