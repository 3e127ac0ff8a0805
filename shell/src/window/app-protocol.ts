import type { ElectronApi } from '../electron-api';
import { createAppFileHandler } from './app-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'ringback';
/** Where the window loads the app from: its own files, never the relay. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/`;

/**
 * Before `ready`: `app://` is a standard, secure origin (so `'self'`, WebCrypto, localStorage
 * and IndexedDB behave as on https), may be fetched, and streams media from its files. Its scripts
 * are kept in V8's code cache (Chromium does that only for http(s) unless asked, and only for a
 * standard scheme), so the client is not compiled cold at every start.
 */
export function registerAppScheme(protocol: ElectronApi['protocol']): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/** After `ready`: `app://ringback/…` answers from the client build; any other host is 404. */
export function handleAppScheme(protocol: ElectronApi['protocol'], appDir: string): void {
  const serve = createAppFileHandler(appDir);
  protocol.handle(APP_SCHEME, (request) =>
    new URL(request.url).host === APP_HOST ? serve(request) : new Response('Not found', { status: 404 }),
  );
}

/** Whether a frame URL is the app's own (the only sender IPC handlers answer). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
