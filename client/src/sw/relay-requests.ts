import { createParser, RelayedEvent } from '@ringback/protocol';
import type { DeviceRecord } from '../storage/idb-key-vault';

/**
 * A push gives the worker about 30 s before the browser stops it; the relay answers from its
 * database in milliseconds, so a request unanswered in 10 s is given up and the call still rings
 * (as "Incoming call").
 */
export const SW_RELAY_DEADLINE_MS = 10_000;

const parseEvent = createParser(RelayedEvent);

type Device = Pick<DeviceRecord, 'relayUrl' | 'deviceToken'>;

function eventUrl(device: Device, eventId: string, tail = ''): string {
  return `${device.relayUrl}/v1/events/${encodeURIComponent(eventId)}${tail}`;
}

/** `GET /v1/events/:eventId` with the device's token: the sealed call and its status. Throws on any failure. */
export async function fetchRelayedEvent(
  device: Device,
  eventId: string,
  fetcher: typeof fetch = fetch,
): Promise<RelayedEvent> {
  const response = await fetcher(eventUrl(device, eventId), {
    headers: { authorization: `Bearer ${device.deviceToken}`, accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(SW_RELAY_DEADLINE_MS),
  });
  if (!response.ok) throw new Error(`the relay answered ${response.status} for the call`);
  return parseEvent.parse(await response.json());
}

/** What a decline came to: the relay took it, the call had already ended elsewhere (409), or neither. */
export type DeclineResult = 'declined' | 'ended-elsewhere' | 'failed';

/**
 * Declines the call on the relay (`POST /v1/events/:eventId/status`, rejected), as the page's
 * Decline does. Never throws.
 */
export async function declineCall(
  device: Device,
  eventId: string,
  fetcher: typeof fetch = fetch,
): Promise<DeclineResult> {
  try {
    const response = await fetcher(eventUrl(device, eventId, '/status'), {
      method: 'POST',
      headers: { authorization: `Bearer ${device.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected' }),
      signal: AbortSignal.timeout(SW_RELAY_DEADLINE_MS),
    });
    if (response.ok) return 'declined';
    return response.status === 409 ? 'ended-elsewhere' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Tells the relay this device wants no more re-alerts of the call (`POST /v1/events/:eventId/quiet`,
 * no body): it is in a silent period, or its notification was swiped away. Declines nothing. True
 * when the relay took it; never throws, since a re-alert that still comes is only a nuisance.
 */
export async function quietCall(
  device: Device,
  eventId: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await fetcher(eventUrl(device, eventId, '/quiet'), {
      method: 'POST',
      headers: { authorization: `Bearer ${device.deviceToken}` },
      signal: AbortSignal.timeout(SW_RELAY_DEADLINE_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
