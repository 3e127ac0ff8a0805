import { describe, expect, it } from 'vitest';
import { type FakeWindow, fakeElectron, fakeEvent } from '../main/fake-electron';
import { APP_URL } from './app-protocol';
import { createMainWindow, mainWindowOptions } from './main-window';

function openWindow() {
  const fake = fakeElectron();
  createMainWindow(fake.api, {
    preloadPath: '/app/preload.cjs',
    title: 'Ringback',
    bounds: { width: 800, height: 600 },
  });
  return { fake, window: fake.windows[0] as FakeWindow };
}

describe('the main window', () => {
  it('isolates and sandboxes the renderer, with the bundled preload and no throttling', () => {
    const prefs = mainWindowOptions({
      preloadPath: '/app/preload.cjs',
      title: 'Ringback',
      bounds: { width: 800, height: 600 },
    }).webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      backgroundThrottling: false,
      webviewTag: false,
    });
  });

  it('loads the app from app://ringback/ and starts hidden', () => {
    const { window } = openWindow();
    expect(window.loaded).toEqual([APP_URL]);
    expect(window.options.show).toBe(false);
  });

  it('refuses navigation away, opening web links in the system browser', () => {
    const { fake, window } = openWindow();
    const away = fakeEvent();
    window.webContents.emit('will-navigate', away, 'https://evil.example/');
    expect(away.defaultPrevented).toBe(true);
    const file = fakeEvent();
    window.webContents.emit('will-navigate', file, 'file:///etc/passwd');
    expect(file.defaultPrevented).toBe(true);
    const inside = fakeEvent();
    window.webContents.emit('will-navigate', inside, 'app://ringback/settings');
    expect(inside.defaultPrevented).toBe(false);
    const redirect = fakeEvent();
    window.webContents.emit('will-redirect', redirect, 'https://elsewhere.example/');
    expect(redirect.defaultPrevented).toBe(true);
    expect(fake.opened).toEqual(['https://evil.example/']);
  });

  it('opens no new window: http(s) links go to the system browser, others nowhere', () => {
    const { fake, window } = openWindow();
    expect(window.webContents.openHandler?.({ url: 'https://docs.example/help' })).toEqual({
      action: 'deny',
    });
    expect(window.webContents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(window.webContents.openHandler?.({ url: 'smb://share/x' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://docs.example/help']);
  });

  it('refuses webviews', () => {
    const { window } = openWindow();
    const event = fakeEvent();
    window.webContents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('permissions', () => {
  const request = (permission: string, details: Record<string, unknown>) => {
    const { window } = openWindow();
    let granted: boolean | undefined;
    const handler = window.webContents.permissionRequest as unknown as (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: Record<string, unknown>,
    ) => void;
    handler(
      window.webContents,
      permission,
      (answer) => {
        granted = answer;
      },
      { isMainFrame: true, ...details },
    );
    return granted;
  };
  const check = (permission: string, origin: string, details: Record<string, unknown> = {}) => {
    const { window } = openWindow();
    const handler = window.webContents.permissionCheck as unknown as (
      webContents: unknown,
      permission: string,
      origin: string,
      details: Record<string, unknown>,
    ) => boolean;
    return handler(window.webContents, permission, origin, { isMainFrame: true, ...details });
  };
  const app = { requestingUrl: 'app://ringback/' };
  // The names as electron.d.ts types them: a misspelt permission fails the typecheck.
  type RequestPermission = Parameters<
    NonNullable<Parameters<Electron.Session['setPermissionRequestHandler']>[0]>
  >[1];
  type CheckPermission = Parameters<
    NonNullable<Parameters<Electron.Session['setPermissionCheckHandler']>[0]>
  >[1];
  // Chromium asks for the screen wake lock under this name; Electron's typings leave it out.
  const SCREEN_WAKE_LOCK = 'screen-wake-lock';

  it('lets the app write the clipboard (every Copy button) but never read it', () => {
    const write: RequestPermission & CheckPermission = 'clipboard-sanitized-write';
    expect(request(write, app)).toBe(true);
    expect(check(write, 'app://ringback')).toBe(true);
    const reads = ['clipboard-read'] satisfies RequestPermission[];
    for (const read of reads) expect(request(read, app), read).toBe(false);
    const checkedReads = ['clipboard-read', 'deprecated-sync-clipboard-read'] satisfies CheckPermission[];
    for (const read of checkedReads) expect(check(read, 'app://ringback'), read).toBe(false);
    expect(request(write, { requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(check(write, 'https://evil.example')).toBe(false);
  });

  it('lets the app keep the screen on during a call', () => {
    expect(request(SCREEN_WAKE_LOCK, app)).toBe(true);
    expect(check(SCREEN_WAKE_LOCK, 'app://ringback')).toBe(true);
    expect(request(SCREEN_WAKE_LOCK, { requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(request('system-wake-lock', app)).toBe(false);
  });

  it('denies every other permission Electron names, to the app too', () => {
    const requested = [
      'display-capture',
      'fullscreen',
      'geolocation',
      'idle-detection',
      'mediaKeySystem',
      'midi',
      'midiSysex',
      'pointerLock',
      'keyboardLock',
      'openExternal',
      'speaker-selection',
      'storage-access',
      'top-level-storage-access',
      'window-management',
      'unknown',
      'fileSystem',
    ] satisfies RequestPermission[];
    for (const permission of requested) expect(request(permission, app), permission).toBe(false);
    const checked = [
      'geolocation',
      'fullscreen',
      'hid',
      'idle-detection',
      'mediaKeySystem',
      'midi',
      'midiSysex',
      'openExternal',
      'pointerLock',
      'serial',
      'storage-access',
      'top-level-storage-access',
      'usb',
      'fileSystem',
    ] satisfies CheckPermission[];
    for (const permission of checked) expect(check(permission, 'app://ringback'), permission).toBe(false);
  });

  it('grants notifications and the microphone to the app', () => {
    expect(request('notifications', app)).toBe(true);
    expect(request('media', { ...app, mediaTypes: ['audio'] })).toBe(true);
    expect(check('notifications', 'app://ringback')).toBe(true);
    expect(check('media', 'app://ringback', { mediaType: 'audio' })).toBe(true);
  });

  it('denies the camera, the screen, everything else, and any other origin', () => {
    expect(request('media', { ...app, mediaTypes: ['audio', 'video'] })).toBe(false);
    expect(request('media', { ...app, mediaTypes: ['video'] })).toBe(false);
    expect(request('media', app)).toBe(false);
    for (const permission of [
      'geolocation',
      'display-capture',
      'clipboard-read',
      'midi',
      'openExternal',
      'unknown',
    ]) {
      expect(request(permission, app), permission).toBe(false);
    }
    expect(request('notifications', { requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(check('media', 'app://ringback', { mediaType: 'video' })).toBe(false);
    expect(check('geolocation', 'app://ringback')).toBe(false);
    expect(check('notifications', 'https://evil.example')).toBe(false);
  });
});
