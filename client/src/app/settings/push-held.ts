import type { PushHeld } from '../../push';
import type { RelayClient } from '../../relay';

type Asked = Pick<RelayClient, 'pushSubscription'>;

/** What each relay client last said, so a relay that cannot be asked now shows what it said before. */
const lastKnown = new WeakMap<Asked, Exclude<PushHeld, 'checking' | 'unknown'>>();

/** What is known before asking: the last answer this session, else nothing yet. */
export function knownPushHeld(client: Asked): PushHeld {
  return lastKnown.get(client) ?? 'checking';
}

/** What this device just made true (turned on or off), as the relay would now say it. */
export function rememberPushHeld(client: Asked, held: 'held' | 'not-held'): void {
  lastKnown.set(client, held);
}

/**
 * Asks the relay whether it holds this device's push subscription. When it cannot be asked, the
 * last answer it gave (this session) stands, else it is not known: never "not held" for a relay
 * that did not say so.
 */
export async function askPushHeld(client: Asked): Promise<PushHeld> {
  try {
    const { endpoint } = await client.pushSubscription();
    const held = endpoint !== null ? 'held' : 'not-held';
    lastKnown.set(client, held);
    return held;
  } catch {
    return lastKnown.get(client) ?? 'unknown';
  }
}

/**
 * The settings row of background ringing (English, the catalogue's key): on only while the relay
 * holds the subscription, and never "Off" for not knowing.
 */
export function backgroundDetail(chosen: boolean, held: PushHeld): string {
  if (!chosen) return 'Off';
  switch (held) {
    case 'held':
      return 'On';
    case 'not-held':
      return 'Off';
    case 'checking':
      return 'Checking…';
    default:
      return "Can't reach the relay to check";
  }
}
