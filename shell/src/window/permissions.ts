import type { ShellWebContents } from '../electron-api';
import { isAppUrl } from './app-protocol';

type Session = ShellWebContents['session'];

/**
 * The app needs notifications and the microphone (spoken answers), nothing else: no camera,
 * screen, location, clipboard, USB, MIDI... and only for its own page. Both the request handler
 * (prompts) and the check handler (`navigator.permissions`, `Notification.permission`) answer,
 * since Chromium asks either.
 */
export function limitPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    if (!isAppUrl(details.requestingUrl)) return callback(false);
    if (permission === 'notifications') return callback(true);
    if (permission === 'media') {
      const types = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
      return callback(types.length > 0 && types.every((type) => type === 'audio'));
    }
    callback(false);
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => {
    if (!isAppUrl(requestingOrigin)) return false;
    if (permission === 'notifications') return true;
    return permission === 'media' && details.mediaType === 'audio';
  });
}
