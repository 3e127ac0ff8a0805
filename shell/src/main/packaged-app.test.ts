import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// electron-builder run for real on Linux, packing into a temp folder: only Electron's binary and the
// two outside tools are stood in for. The binary is a file carrying Electron's fuse wire (so the
// fuses are really flipped), and electron-builder's own seam `effectiveOptionComputed` hands over
// what it would give fpm (deb) and appimagetool, and stops before running either.
const require = createRequire(import.meta.url);
const { build, Platform } = require('electron-builder') as typeof import('electron-builder');
const asar = require('@electron/asar') as { extractFile(archive: string, file: string): Buffer };
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses') as typeof import('@electron/fuses');

const shellDir = fileURLToPath(new URL('../..', import.meta.url));
const repoDir = join(shellDir, '..');
/** @electron/fuses finds the wire after this marker: version 1, eight fuses, Electron 41's defaults. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_DEFAULT_FUSES = '10110001';

let dir: string;
let unpacked: string;
const handedOver: unknown[] = [];

beforeAll(async () => {
  // The repository's layout in small: shell/ with its package.json and built files, client/dist beside it.
  dir = await mkdtemp(join(tmpdir(), 'ringback-package-'));
  const project = join(dir, 'shell');
  await mkdir(join(project, 'dist', 'daemon'), { recursive: true });
  await copyFile(join(shellDir, 'package.json'), join(project, 'package.json'));
  for (const file of ['main.cjs', 'preload.cjs', 'daemon/ringback.mjs', 'daemon/daemon.mjs'])
    await writeFile(join(project, 'dist', file), '// stand-in\n');
  await mkdir(join(dir, 'client', 'dist'), { recursive: true });
  await writeFile(join(dir, 'client', 'dist', 'index.html'), '<!doctype html>');
  await copyFile(
    join(repoDir, 'client', 'public', 'icon-512.png'),
    join(dir, 'client', 'dist', 'icon-512.png'),
  );

  const electronDist = join(dir, 'electron-dist');
  await mkdir(electronDist);
  await writeFile(
    join(electronDist, 'electron'),
    Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from(ELECTRON_DEFAULT_FUSES)]),
  );
  await chmod(join(electronDist, 'electron'), 0o755);

  const config = JSON.parse(await readFile(join(shellDir, 'electron-builder.json'), 'utf8'));
  delete config.$schema;
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget(['deb', 'AppImage']),
    publish: 'never',
    config: {
      ...config,
      electronDist,
      electronVersion: require('electron/package.json').version,
    },
    effectiveOptionComputed: async (options: unknown) => {
      // fpm's arguments come with the path of a temp desktop file, gone once the build ends: read it now.
      handedOver.push(
        Array.isArray(options)
          ? { fpmArgs: options[0], desktopFile: options[1], desktop: await readFile(options[1], 'utf8') }
          : options,
      );
      return true;
    },
  });
  unpacked = join(project, 'release', 'linux-unpacked');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the packaged Linux app (electron-builder with a stand-in Electron)', () => {
  it('is named Ringback inside app.asar, so Electron keeps its settings in ~/.config/Ringback', () => {
    const packed = JSON.parse(
      asar.extractFile(join(unpacked, 'resources', 'app.asar'), 'package.json').toString(),
    );
    expect(packed).toMatchObject({
      name: 'ringback',
      productName: 'Ringback',
      desktopName: 'ringback.desktop',
      main: 'dist/main.cjs',
      homepage: expect.stringMatching(/^https:\/\//),
      description: expect.any(String),
      author: { email: expect.stringContaining('@') },
    });
    expect(packed.dependencies ?? {}).toEqual({});
  });

  it('runs as `ringback`, with the client and the daemon beside the archive', async () => {
    await expect(readFile(join(unpacked, 'ringback'))).resolves.toBeDefined();
    await expect(readFile(join(unpacked, 'resources', 'client', 'index.html'), 'utf8')).resolves.toContain(
      'doctype',
    );
    await expect(
      readFile(join(unpacked, 'resources', 'daemon', 'ringback.mjs'), 'utf8'),
    ).resolves.toBeDefined();
  });

  it('flips the fuses a renderer holding the end-to-end key needs', async () => {
    // getCurrentFuseWire answers each fuse's byte by its index: '0' off, '1' on.
    const wire = (await getCurrentFuseWire(join(unpacked, 'ringback'))) as unknown as Record<number, number>;
    const state = (fuse: number) => String.fromCharCode(wire[fuse] as number);
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      cookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      nodeOptions: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
    }).toEqual({
      runAsNode: '0',
      cookieEncryption: '1',
      nodeOptions: '0',
      inspectArguments: '0',
      asarIntegrity: '1',
      onlyLoadAppFromAsar: '1',
    });
  });

  it('gives the deb a package name, maintainer with email, homepage and ringback.desktop', () => {
    const {
      fpmArgs: args,
      desktopFile,
      desktop,
    } = handedOver.find((options) => 'fpmArgs' in (options as object)) as {
      fpmArgs: string[];
      desktopFile: string;
      desktop: string;
    };
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('--name')).toBe('ringback');
    expect(value('--maintainer')).toMatch(/^Ringback contributors <[^@\s]+@[^@\s]+>$/);
    expect(value('--url')).toMatch(/^https:\/\//);
    expect(args).toContain(`${desktopFile}=/usr/share/applications/ringback.desktop`);
    // Electron takes the window's app_id / WM_CLASS from desktopName: the launcher entry must match it.
    expect(desktop).toMatch(/^StartupWMClass=ringback$/m);
  });

  it('gives the AppImage the same desktop entry name', () => {
    const appImage = handedOver.find((options) => 'desktopFileName' in (options as object)) as {
      desktop: string;
      desktopFileName: string;
    };
    expect(appImage.desktopFileName).toBe('ringback.desktop');
    expect(appImage.desktop).toMatch(/^StartupWMClass=ringback$/m);
    expect(appImage.desktop).toMatch(/^Name=Ringback$/m);
  });
});
