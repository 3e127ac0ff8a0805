import type { DeviceTokenLoad } from '@ringback/protocol';

/** The token the desktop app's vault returned through `token:load`, or a failure saying why none. */
export function savedTokenOf(load: DeviceTokenLoad, when: string): string {
  if (!load.ok) throw new Error(`the saved device token could not be read ${when}: ${load.reason}`);
  if (load.token === null) throw new Error(`the desktop app kept no device token ${when}`);
  return load.token;
}

/**
 * Why `safeStorage.getSelectedStorageBackend()` on Linux is not a keyring the token can survive a
 * restart in, or null. With `basic_text` the vault keeps the token in memory only (by design), so
 * the restart check would only see the app pair again.
 */
export function keyringBackendProblem(backend: string): string | null {
  if (backend === 'gnome_libsecret') return null;
  if (backend === 'basic_text')
    return 'safeStorage uses basic_text: no keyring was reached on the session bus (the vault would keep the token in memory only)';
  return `safeStorage uses "${backend}", not the gnome-keyring the check started`;
}
