import type { DeviceFacts } from './background-support';

/** What this page can learn about itself for `backgroundSupport`; read afresh each time (permission changes). */
export function readDeviceFacts(scope: typeof globalThis = globalThis): DeviceFacts {
  const nav = scope.navigator as Navigator & { standalone?: boolean };
  const notification = typeof scope.Notification === 'function' ? scope.Notification : null;
  return {
    secureContext: scope.isSecureContext === true,
    origin: scope.location?.origin ?? '',
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone:
      nav?.standalone === true || (scope.matchMedia?.('(display-mode: standalone)').matches ?? false),
    serviceWorker: nav !== undefined && 'serviceWorker' in nav,
    pushManager: typeof scope.PushManager === 'function',
    notification: notification !== null,
    permission: notification?.permission ?? null,
  };
}
