import type { PushSubscriber } from './push-subscriber';

/** The Notification API's permission part, so tests hand in a fake. */
export interface NotificationPermissionApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

/** How turning background ringing on ended: on, or the permission the user gave instead. */
export type TurnOnOutcome = { on: true } | { on: false; permission: NotificationPermission };

/**
 * Turns background ringing on from the user's tap: asks for notification permission first, in the
 * same turn as the tap (browsers show the prompt only for a gesture, Safari only within it, so
 * nothing is awaited before the ask), then subscribes for `publicKey` once it is granted.
 */
export function turnOnBackgroundRinging(
  notification: NotificationPermissionApi,
  subscriber: PushSubscriber,
  publicKey: string,
): Promise<TurnOnOutcome> {
  const asking: Promise<NotificationPermission> =
    notification.permission === 'granted' ? Promise.resolve('granted') : notification.requestPermission();
  return asking.then(async (permission) => {
    if (permission !== 'granted') return { on: false, permission };
    await subscriber.subscribe(publicKey);
    return { on: true };
  });
}

/**
 * At each start, with notification permission granted (no subscription exists without it): on,
 * the subscription is made afresh when the relay holds none or another endpoint (see
 * `PushSubscriber.renew`), or its key changed; off, one left over from a turn-off that failed halfway is ended. Without permission
 * nothing is done: asking needs a tap, and the settings page says what to do.
 */
export async function renewBackgroundRinging(
  enabled: boolean,
  permission: NotificationPermission | null,
  subscriber: PushSubscriber,
): Promise<'renewed' | 'dropped' | 'skipped'> {
  if (permission !== 'granted') return 'skipped';
  if (enabled) {
    await subscriber.renew();
    return 'renewed';
  }
  return (await subscriber.dropLeftover()) ? 'dropped' : 'skipped';
}
