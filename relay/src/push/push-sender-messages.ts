import type { PushSubscriptionRecord } from '../storage/relay-store';
import type { WakeContent } from './push-request';
import type { PushResponse } from './push-transport';

/** To the push sender thread: one push to encrypt and send, signed with the VAPID header given. */
export interface SendRequest {
  id: number;
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>;
  content: WakeContent;
  authorization: string;
}

/**
 * Back from it: what the push service answered; or that the push could not be made (the
 * subscription's keys are unusable: never worth a retry); or that sending failed (network, deadline).
 */
export type SendReply =
  | { id: number; response: PushResponse }
  | { id: number; unsendable: string }
  | { id: number; failed: string };
