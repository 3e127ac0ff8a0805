import type { CallStatus, EventRecord } from './relay-store';

export type SettableStatus = Exclude<CallStatus, 'pending'>;

/** What a status write does to a call as it stands: `not_found` when the call is not the writer's to see. */
export type Verdict = 'change' | 'unchanged' | 'conflict' | 'not_found';

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
 * Whether the call went back to `pending` from a device that held it (its lease lapsed while it
 * was away, or it was removed) and nobody took it since. Any device of the account may then take
 * it back by renewing, replying or hanging up, the first one winning: that is what answering the
 * pending call would do anyway, and it is not kept to the device the release names, since after
 * two lapses (the phone's, then the tablet's that answered next) the phone back first would
 * otherwise lose a call that nobody holds.
 */
export const givenBack = (event: EventRecord): boolean =>
  event.status === 'pending' && event.unfinishedBy !== undefined;

/**
 * Whether a lease renewal of `deviceId` finds the call still its own though not answered: it
 * completed the call (hung up) and may still be writing its reply, which nobody else can take.
 */
export const stillMine = (event: EventRecord, deviceId: string): boolean =>
  event.handledBy === deviceId && event.status === 'completed';

/**
 * Whether the daemon that posted a call may end it at the computer (its permission hook stopped
 * waiting): a call still pending or answered, with no reply taken, ends `completed` by the daemon;
 * asking again after that is a no-op. A call another daemon posted is not its own (`not_found`).
 */
export function decideEndAtComputer(
  event: EventRecord,
  daemonDeviceId: string,
  replyTaken: boolean,
): Verdict {
  if (event.fromDeviceId !== daemonDeviceId) return 'not_found';
  if (event.status === 'completed' && event.handledBy === daemonDeviceId) return 'unchanged';
  if (replyTaken) return 'conflict';
  return event.status === 'pending' || event.status === 'answered' ? 'change' : 'conflict';
}
