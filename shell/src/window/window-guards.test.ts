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
