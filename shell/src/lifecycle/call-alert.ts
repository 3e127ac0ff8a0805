import type { DesktopPlatform, RingingCall } from '@ringback/protocol';
import type { ElectronApi, ShellApp, ShellNotification, ShellWindow } from '../electron-api';

export interface CallAlert {
  ringing(call: RingingCall): void;
  stopped(eventId: string): void;
}

export interface CallAlertOptions {
  electron: Pick<ElectronApi, 'createNotification' | 'notificationsSupported'>;
  app: Pick<ShellApp, 'dock'>;
  platform: DesktopPlatform;
  window: ShellWindow;
  /** Shows, restores and focuses the window (what a notification click does before answering). */
  showWindow: () => void;
  iconPath?: string;
}

/**
 * What a ringing call does outside the window (the renderer plays the ringtone itself, unthrottled):
 * a native notification that stays until the call stops (critical urgency, no timeout; silent,
 * as the ringtone already sounds), the window brought up without taking the keyboard from what
 * the user is typing in (`showInactive`, `moveTop`), the taskbar frame flashing and the dock
 * bouncing until the window is focused or no call rings. A click on the notification shows the
 * window and tells the renderer which call to answer (`calls:show`). With the window visible and
 * focused the call is already in front of the user: none of this happens.
 */
export function createCallAlert(o: CallAlertOptions): CallAlert {
  const notifications = new Map<string, ShellNotification>();
  let bounceId: number | null = null;

  const stopAttention = () => {
    if (!o.window.isDestroyed()) o.window.flashFrame(false);
    if (bounceId !== null) o.app.dock?.cancelBounce(bounceId);
    bounceId = null;
  };
  o.window.on('focus', stopAttention);

  const close = (eventId: string) => {
    const notification = notifications.get(eventId);
    notifications.delete(eventId);
    notification?.close();
  };

  return {
    ringing(call) {
      const { window } = o;
      if (window.isDestroyed()) return;
      if (window.isVisible() && window.isFocused() && !window.isMinimized()) return;
      close(call.eventId);
      if (o.electron.notificationsSupported()) {
        const notification = o.electron.createNotification({
          title: call.title,
          body: call.body,
          urgency: 'critical',
          timeoutType: 'never',
          silent: true,
          ...(o.iconPath ? { icon: o.iconPath } : {}),
        });
        notification.on('click', () => {
          close(call.eventId);
          o.showWindow();
          if (!window.isDestroyed()) window.webContents.send('calls:show', call.eventId);
        });
        notifications.set(call.eventId, notification);
        notification.show();
      }
      window.showInactive();
      window.moveTop();
      window.flashFrame(true);
      if (o.platform === 'darwin' && o.app.dock && bounceId === null)
        bounceId = o.app.dock.bounce('critical');
    },
    stopped(eventId) {
      close(eventId);
      if (notifications.size === 0) stopAttention();
    },
  };
}
