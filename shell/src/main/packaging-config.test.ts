import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// electron-builder's own check of a configuration against its JSON schema (app-builder-lib/scheme.json),
// the one it runs before packaging; it needs no Electron binary and downloads nothing.
const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const config = JSON.parse(readFileSync(new URL('../../electron-builder.json', import.meta.url), 'utf8'));

describe('the packaging configuration', () => {
  it('is valid for electron-builder', async () => {
    await expect(
      validateConfiguration(structuredClone(config), new DebugLogger(false)),
    ).resolves.toBeUndefined();
  });

  it('the check would catch a mistake', async () => {
    await expect(
      validateConfiguration({ ...structuredClone(config), targte: 'dmg' }, new DebugLogger(false)),
    ).rejects.toThrow(/unknown property 'targte'/);
  });

  it('builds AppImage and deb, dmg and nsis, with the client build and the bundled daemon beside the app', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.extraResources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: '../client/dist', to: 'client' }),
        expect.objectContaining({ from: 'dist/daemon', to: 'daemon' }),
      ]),
    );
    expect(config.extraMetadata.main).toBe('dist/main.cjs');
    // A per-user install: no administrator, like the daemon's login service.
    expect(config.nsis.perMachine).toBe(false);
  });

  it('sets the fuses for a renderer that holds the end-to-end key', () => {
    expect(config.electronFuses).toEqual({
      // The app runs no Node child through its own binary (process.fork, ELECTRON_RUN_AS_NODE).
      runAsNode: false,
      enableCookieEncryption: true,
      // No NODE_OPTIONS, no --inspect: nothing outside the app can run code in main.
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      // Only the signed app.asar is loaded (integrity checked on macOS and Windows).
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('names the app Ringback in the packed package.json, with ringback.desktop as its desktop name', () => {
    expect(config.productName).toBe('Ringback');
    expect(config.extraMetadata).toMatchObject({
      name: 'ringback',
      productName: 'Ringback',
      desktopName: 'ringback.desktop',
    });
    expect(config.linux.executableName).toBe('ringback');
    expect(config.linux.syncDesktopName).toBe(true);
  });
});
