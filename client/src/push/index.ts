// Web Push on this device: what it can do, and keeping its subscription in step with the relay.

export { applicationServerKeyBytes, madeForKey } from './application-server-key';
export {
  type AppleDevice,
  appleDeviceOf,
  type BackgroundSupport,
  backgroundSupport,
  canTurnOn,
  type DeviceFacts,
  type PushChoice,
  type PushHeld,
  type RelayPush,
} from './background-support';
export { browserPushManager, PUSH_SETUP_DEADLINE_MS, withinDeadline } from './browser-push';
export { readDeviceFacts } from './device-facts';
export { type LeaveAccountDeps, leaveAccountPush, registeredPushManager } from './leave-account';
export {
  createPushSubscriber,
  type PushManagerLike,
  type PushRelay,
  type PushRenewOutcome,
  type PushSubscribeOutcome,
  type PushSubscriber,
  type PushSubscriberDeps,
  type PushSubscriptionLike,
} from './push-subscriber';
export { pushOriginOf, type RefusedEndpoints, storedRefusedEndpoints } from './refused-endpoints';
export {
  type NotificationPermissionApi,
  renewBackgroundRinging,
  type TurnOnOutcome,
  turnOnBackgroundRinging,
} from './turn-on';
