import type { PushSubscriptionRecord } from '../storage/relay-store';
import type { PushRequest } from './push-request';

/** To the push builder thread: one push to encrypt, signed with the VAPID header given. */
export interface BuildRequest {
  id: number;
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>;
  eventId: string;
  authorization: string;
}

/** Back from it: the push ready to send, or why it could not be made (unusable keys). */
export type BuildReply = { id: number; push: PushRequest } | { id: number; error: string };
