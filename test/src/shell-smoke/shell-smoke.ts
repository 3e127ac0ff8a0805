// `npm run shell:smoke`: the desktop app for real, where an Electron binary exists. Launches the
// built shell (under Xvfb on Linux without a display) against a real relay and daemon in a temp
// home and checks what the typed fake cannot: see run-shell-smoke.ts. Without a binary it says so
// in one line and succeeds, so it can sit in any machine's routine.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { findElectronBinary } from './find-electron';
import { linuxSessionCommand, missingTools, toolsForLinuxSession } from './linux-session';

const electronPackageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const electron = findElectronBinary({ env: process.env, electronPackageDir });

if (!electron) {
  console.log(
    'shell smoke check skipped: no Electron binary (set ELECTRON_OVERRIDE_DIST_PATH or install electron with its download)',
  );
  process.exit(0);
}

// Set on the run inside the private session below, so it does not start another one.
const SESSION_MARK = 'RINGBACK_SMOKE_SESSION';

if (process.platform === 'linux' && process.env[SESSION_MARK] !== '1') {
  // The saved token can only survive a restart in a real keyring: run this same check again in a
  // D-Bus session of its own (where it starts a throwaway gnome-keyring), inside a virtual X
  // server when there is no display.
  const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  const missing = missingTools(toolsForLinuxSession(hasDisplay), process.env.PATH);
  if (missing.length > 0) {
    console.error(
      `shell smoke check failed: ${missing.join(', ')} not found. On Linux it needs dbus-run-session ` +
        '(package dbus) and gnome-keyring-daemon (gnome-keyring) to keep the device token in a real ' +
        'keyring, and xvfb-run (xvfb) when there is no display.',
    );
    process.exit(1);
  }
  const [command = '', ...args] = linuxSessionCommand({
    hasDisplay,
    node: process.execPath,
    args: [...process.execArgv, ...process.argv.slice(1)],
  });
  const again = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, [SESSION_MARK]: '1' },
  });
  if (again.error) {
    console.error(`shell smoke check failed: could not run ${command}: ${again.error.message}`);
    process.exit(1);
  }
  process.exit(again.status ?? 1);
}

const { runShellSmoke } = await import('./run-shell-smoke');
try {
  await runShellSmoke(electron);
} catch (error) {
  console.error('shell smoke check failed:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}
