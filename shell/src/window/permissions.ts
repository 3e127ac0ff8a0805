import type { ShellWebContents } from '../electron-api';
import { isAppUrl } from './app-protocol';

type Session = ShellWebContents['session'];

/**
 * The permissions the app's own page gets, under the names Electron 41 passes to the handlers
 * (its `content_converter.cc` maps Chromium's permission types to these strings):
 * - `notifications`: a call rings;
 * - `media` for audio only: spoken answers (the camera stays denied, so the desktop build has
 *   no QR scanner);
 * - `clipboard-sanitized-write`: `navigator.clipboard.writeText`, every Copy button. Reading the
 *   clipboard (`clipboard-read`) stays denied: nothing in the app reads it;
 * - `screen-wake-lock`: the screen stays on during a call. Electron's typings leave it out of
 *   the handlers' permission union, but Chromium asks for it under this name.
 * Nothing else (screen, location, USB, MIDI...), and only for `app://ringback`. Both the request
 * handler (prompts) and the check handler (`navigator.permissions`, `Notification.permission`)
 * answer, since Chromium asks either.
 */
const GRANTED: ReadonlySet<string> = new Set([
  'notifications',
  'clipboard-sanitized-write',
  'screen-wake-lock',
]);

export function limitPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    if (!isAppUrl(details.requestingUrl)) return callback(false);
    if (GRANTED.has(permission)) return callback(true);
    if (permission === 'media') {
      const types = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
      return callback(types.length > 0 && types.every((type) => type === 'audio'));
    }
    callback(false);
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => {
    if (!isAppUrl(requestingOrigin)) return false;
    if (GRANTED.has(permission)) return true;
    return permission === 'media' && details.mediaType === 'audio';
  });
}
