import { selectMissedCount } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { desktopBridge } from '../../desktop/desktop-bridge';
import { renewBackgroundRinging } from '../../push';
import { closeStaleNotificationsWhenShown } from '../../pwa/stale-notifications';
import { updateGate } from '../../pwa/update-gate';
import { unlockSound } from '../services';
import { useSession } from '../session-context';
import { createAppBadge } from './app-badge';
import { onFirstTap } from './first-tap';
import { pendingCallIds } from './pending-here';
import { createScreenWakeLock } from './screen-wake-lock';
import { selectHoldsUpdates } from './update-hold';

/**
 * What the session asks of the device, beyond the page: the missed calls on the app icon's badge,
 * the notifications of calls that are over closed when the app is opened or shown again,
 * the screen kept on while a call is on screen, sound unlocked by the first tap, a new build kept
 * from taking over while a call rings or is in progress, and this device's push subscription
 * renewed at start when background ringing is on. Renders nothing.
 */
export function DeviceEffects() {
  const { session, client, push, settings } = useSession();
  const missed = useSelector(session.queue, selectMissedCount);
  const holdsUpdates = useSelector(session.queue, selectHoldsUpdates);
  const onCall = useSyncExternalStore(session.view.subscribe, () => session.view.get().call !== null);
  const replying = useSyncExternalStore(session.view.subscribe, () => session.view.get().reply !== null);
  const [badge] = useState(() => createAppBadge());
  const [wakeLock] = useState(() =>
    createScreenWakeLock({ wakeLock: globalThis.navigator?.wakeLock, document }),
  );
  const backgroundRinging = useRef(settings.backgroundRinging);
  backgroundRinging.current = settings.backgroundRinging;

  useEffect(() => badge.show(missed), [badge, missed]);
  // Shown again: the page's missed count replaces a badge the worker set while it was hidden.
  useEffect(() => {
    const reapply = () => {
      if (document.visibilityState === 'visible') badge.reapply();
    };
    document.addEventListener('visibilitychange', reapply);
    return () => document.removeEventListener('visibilitychange', reapply);
  }, [badge]);

  // Opened, and each time shown again: notifications of calls that are over are closed (their
  // last push may never have reached this phone). The desktop app shows no worker notifications.
  useEffect(() => {
    const container = globalThis.navigator?.serviceWorker;
    if (desktopBridge() || !container) return;
    return closeStaleNotificationsWhenShown(document, {
      notifications: async () => (await container.getRegistration())?.getNotifications() ?? [],
      pendingIds: () => pendingCallIds(client, session.queue),
    });
  }, [client, session]);

  useEffect(() => {
    if (!onCall) return;
    wakeLock.hold();
    return () => wakeLock.release();
  }, [onCall, wakeLock]);

  useEffect(() => onFirstTap(document, unlockSound), []);

  // A call ringing or being prepared in the queue, or one on screen (its player, then the reply
  // written after hanging up, whose draft a reload would lose) holds a new build off; released
  // when it is over, and a build waiting meanwhile takes over then.
  const holding = holdsUpdates || onCall || replying;
  useEffect(() => (holding ? updateGate.hold() : undefined), [holding]);

  // Once per session start (the settings page handles turning it on and off meanwhile). The
  // desktop app has no service worker, so no push subscription.
  useEffect(() => {
    if (desktopBridge()) return;
    const permission = typeof Notification === 'function' ? Notification.permission : null;
    renewBackgroundRinging(backgroundRinging.current, permission, push).catch((error: unknown) =>
      console.warn('ringback: could not renew the push subscription', error),
    );
  }, [push]);

  return null;
}
