import type { KeyValueStore } from '../storage/key-value-store';

const STORAGE_KEY = 'ringback.push-endpoint-refused';

/**
 * The relays that refused this browser's push service for good (422 `push_endpoint_refused`: the
 * relay may not send to that push service, an operator's choice), with the relay's reason. Kept
 * per relay and push service origin, so each start does not end the subscription, make a new one
 * and be refused again; a tap on the switch still tries (the operator may have allowed it since).
 */
export interface RefusedEndpoints {
  /** The relay's reason when it refused this push service, else null. */
  reason(relay: string, pushOrigin: string): string | null;
  remember(relay: string, pushOrigin: string, reason: string): void;
  forget(relay: string, pushOrigin: string): void;
}

type Refusals = Record<string, string>;

const keyOf = (relay: string, pushOrigin: string) => `${relay.replace(/\/+$/, '')} ${pushOrigin}`;

/** Over a string store (the page's localStorage); a store that cannot be read or written remembers nothing. */
export function storedRefusedEndpoints(store: KeyValueStore | null): RefusedEndpoints {
  const read = (): Refusals => {
    try {
      const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '{}');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Refusals) : {};
    } catch {
      return {};
    }
  };
  const write = (refusals: Refusals) => {
    try {
      if (Object.keys(refusals).length === 0) store?.removeItem(STORAGE_KEY);
      else store?.setItem(STORAGE_KEY, JSON.stringify(refusals));
    } catch {
      // Storage full or blocked: the next start asks the relay again, as before.
    }
  };
  return {
    reason(relay, pushOrigin) {
      const reason = read()[keyOf(relay, pushOrigin)];
      return typeof reason === 'string' ? reason : null;
    },
    remember(relay, pushOrigin, reason) {
      write({ ...read(), [keyOf(relay, pushOrigin)]: reason });
    },
    forget(relay, pushOrigin) {
      const refusals = read();
      if (!(keyOf(relay, pushOrigin) in refusals)) return;
      delete refusals[keyOf(relay, pushOrigin)];
      write(refusals);
    },
  };
}

/** The push service a subscription's endpoint belongs to (`https://fcm.googleapis.com`), or null. */
export function pushOriginOf(endpoint: unknown): string | null {
  if (typeof endpoint !== 'string') return null;
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
}
