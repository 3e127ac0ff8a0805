// The Electron entry (bundled to dist/main.cjs): the real Electron API, the real paths, the real
// store, handed to startShell. Everything else is in modules tested with a fake Electron.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import * as electron from 'electron';
import { runCommand } from '../daemon/run-command';
import { stableDaemonRoot } from '../daemon/stable-daemon-copy';
import { electronApiOf } from '../electron-api';
import { openJsonFileStore } from '../lifecycle/json-file-store';
import type { ShellStore } from '../lifecycle/shell-store';
import { desktopPlatformOf, type ShellOptions } from './shell-options';
import { startShell } from './start-shell';

// dist/main.cjs sits in shell/dist in a checkout, and in the app's archive when packaged.
const here = __dirname;
const packaged = electron.app.isPackaged;
const repo = resolve(here, '..', '..');
const appDir = packaged
  ? join(process.resourcesPath, 'client')
  : resolve(process.env.RINGBACK_APP_DIR ?? join(repo, 'client', 'dist'));

// `electron shell/dist/main.cjs` finds no package.json naming the app, so Electron would keep its
// settings under "Electron"; a checkout keeps its own, apart from an installed Ringback's.
if (!packaged)
  electron.app.setPath('userData', join(electron.app.getPath('appData'), 'Ringback (development)'));

const options: ShellOptions = {
  platform: desktopPlatformOf(process.platform),
  env: process.env,
  argv: process.argv,
  homeDir: homedir(),
  execPath: process.execPath,
  // `electron shell/dist/main.cjs` in development: starting it again needs the script's path.
  launchArgs: process.defaultApp && process.argv[1] ? [resolve(process.argv[1])] : [],
  appDir,
  preloadPath: join(here, 'preload.cjs'),
  iconPath: join(appDir, 'icon-192.png'),
  cliCandidates: packaged
    ? [join(process.resourcesPath, 'daemon', 'ringback.mjs')]
    : [join(repo, 'daemon', 'dist', 'ringback.mjs')],
  openStore,
  run: runCommand,
  // The app's own folder may be an AppImage mount or a translocated copy: the service runs a copy.
  daemonCopyRoot: packaged ? stableDaemonRoot(process.platform, process.env, homedir()) : undefined,
};

/** `shell.json` in the user-data folder; an unreadable file costs the window's place, nothing more. */
function openStore(userDataDir: string): ShellStore {
  return openJsonFileStore({ dir: userDataDir, name: 'shell', log: (line) => console.error(line) });
}

// `npm run shell:smoke` only (test/src/shell-smoke): the Electron Tray objects the shell created,
// so the check can ask Electron itself whether the tray is there. Off unless the variable is set.
const smoke = process.env.RINGBACK_SMOKE === '1';
const smokeTrays: unknown[] = [];
const electronApi = electronApiOf(electron);
if (smoke) {
  const createTray = electronApi.createTray;
  electronApi.createTray = (iconPath) => {
    const tray = createTray(iconPath);
    smokeTrays.push(tray);
    return tray;
  };
}

startShell(electronApi, options)
  .then((shell) => {
    // The smoke check reads these from the main process through Electron's debugging; nothing of
    // it reaches the page.
    if (shell && smoke) Object.assign(globalThis, { ringbackSmoke: { trays: smokeTrays } });
    // Start-to-window time, for the figure README asks for where an Electron binary runs.
    if (shell && process.env.RINGBACK_SHELL_TIMING === '1') {
      shell.window.once('ready-to-show', () =>
        console.log(
          `ringback shell: window ready ${Math.round(performance.now())} ms after the process started`,
        ),
      );
    }
  })
  .catch((error: unknown) => {
    console.error('Ringback could not start:', error);
    electron.app.exit(1);
  });
