import type { CallStatus, EventRecord } from './relay-store';

export type SettableStatus = Exclude<CallStatus, 'pending'>;

export const SETTABLE_STATUSES: ReadonlySet<string> = new Set([
  'answered',
  'rejected',
  'acknowledged',
  'completed',
]);

/**
 * Whether `deviceId` may move a call from its current state to `status`: the first device to
 * answer wins; only it completes; rejected/acknowledged end a pending call (any device) or one
 * the device answered; asking again for what the same device already did is a no-op.
 */
export function decide(
  event: EventRecord,
  status: SettableStatus,
  deviceId: string,
): 'change' | 'unchanged' | 'conflict' {
  const mine = event.handledBy === deviceId;
  if (event.status === status) return mine ? 'unchanged' : 'conflict';
  if (status === 'answered') return event.status === 'pending' ? 'change' : 'conflict';
  if (status === 'completed') return event.status === 'answered' && mine ? 'change' : 'conflict';
  return event.status === 'pending' || (event.status === 'answered' && mine) ? 'change' : 'conflict';
}

/**
 * Whether the call went back to `pending` from `deviceId` (its lease lapsed while the device was
 * away) and nobody took it since: the device may take it back, as if it answered it again.
 */
export const leftBy = (event: EventRecord, deviceId: string): boolean =>
  event.status === 'pending' && event.unfinishedBy?.deviceId === deviceId;

/**
 * Whether a lease renewal of `deviceId` finds the call still its own though not answered: it
 * completed the call (hung up) and may still be writing its reply, which nobody else can take.
 */
export const stillMine = (event: EventRecord, deviceId: string): boolean =>
  event.handledBy === deviceId && event.status === 'completed';
