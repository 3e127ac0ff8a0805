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
});
