import { applicationServerKeyBytes } from '../push/application-server-key';
import type { DeviceRecord } from '../storage/idb-key-vault';
import { SW_RELAY_DEADLINE_MS } from './relay-requests';

type Device = Pick<DeviceRecord, 'relayUrl' | 'deviceToken'>;

/** What a renewal needs from the worker: its device, its push manager, the network. */
export interface SubscriptionChangeDeps {
  readDevice(): Promise<Device | null>;
  /** The subscription the browser already made anew (the event's `newSubscription`), if any. */
  renewed: PushSubscription | null;
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
  fetch: typeof fetch;
}

/**
 * `pushsubscriptionchange`: the push service dropped or rotated the device's subscription while no
 * page was open. Without a new one registered at the relay, calls would stop waking the phone
 * until the app is next opened, so the worker subscribes again (for the relay's key) and tells
 * the relay. True when the relay took it; never throws.
 */
export async function renewSubscription(deps: SubscriptionChangeDeps): Promise<boolean> {
  try {
    const device = await deps.readDevice();
    if (!device) return false;
    const relay = (path: string, init: RequestInit = {}) =>
      deps.fetch(`${device.relayUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${device.deviceToken}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(SW_RELAY_DEADLINE_MS),
      });
    let subscription = deps.renewed ?? (await deps.pushManager.getSubscription());
    if (!subscription) {
      const answer = await relay('/v1/push/key');
      if (!answer.ok) return false;
      const { publicKey } = (await answer.json()) as { publicKey: string };
      subscription = await deps.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKeyBytes(publicKey),
      });
    }
    const posted = await relay('/v1/push/subscription', {
      method: 'POST',
      body: JSON.stringify(subscription.toJSON()),
    });
    return posted.ok;
  } catch {
    return false;
  }
}
