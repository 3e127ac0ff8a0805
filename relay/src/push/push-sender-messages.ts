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

/** To the push sender thread: the push with this id is no longer wanted (the relay is closing). */
export interface CancelRequest {
  cancel: number;
}

/** What the thread is started with (`workerData`). */
export interface SenderThreadData {
  /** The operator's push origins, exempt from the transport's address checks. */
  allowedOrigins: string[];
}

/**
 * Back from it: what the push service answered; or that the push could not be made (the
 * subscription's keys are unusable: never worth a retry); or that the address was refused; or that
 * sending failed (network, deadline).
 */
export type SendReply =
  | { id: number; response: PushResponse }
  | { id: number; unsendable: string }
  /** The push service's name led to an address the relay never connects to: no retry either. */
  | { id: number; refused: string }
  | { id: number; failed: string };
