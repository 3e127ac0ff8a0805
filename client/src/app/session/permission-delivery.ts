import type { DeviceRef } from '@ringback/machines';
import { Aad, type ReplyState, type SealingKey } from '@ringback/protocol';
import type { PermissionDelivery } from '../../storage';

/**
 * What the computer made of a decision, from the reply's state: `delivered` (the hook got it),
 * `tooLate` (the hook had stopped waiting), `alreadyDecided` (another device's decision got there
 * first), `incomplete` (an allow of a request not shown whole, refused: answer at the computer),
 * or null (still on its way, or failed for another reason, which the reason says).
 */
export async function permissionDeliveryOf(
  reply: ReplyState,
  key: SealingKey | null,
): Promise<PermissionDelivery | null> {
  if (reply.status === 'delivered') return 'delivered';
  if (reply.status !== 'failed' || !reply.failure || !key) return null;
  try {
    const failure = JSON.parse(await key.open(reply.failure, Aad.replyError(reply.replyId))) as {
      code?: string;
    };
    if (failure.code === 'too_late') return 'tooLate';
    if (failure.code === 'already_decided') return 'alreadyDecided';
    if (failure.code === 'incomplete') return 'incomplete';
  } catch {
    // A reason that does not open says nothing of the decision.
  }
  return null;
}

/**
 * The relay refused the decision (403: only the device that has the call may reply): the computer
 * ended it itself (its hook stopped waiting), or nobody has it now, is too late; another device
 * holding it decided first.
 */
export function refusedDelivery(answeredOn: DeviceRef | null, computerDeviceId: string): PermissionDelivery {
  return answeredOn && answeredOn.deviceId !== computerDeviceId ? 'alreadyDecided' : 'tooLate';
}
