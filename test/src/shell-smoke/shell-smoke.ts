// `npm run shell:smoke`: the desktop app for real, where an Electron binary exists. Launches the
// built shell (under Xvfb on Linux without a display) against a real relay and daemon in a temp
// home and checks what the typed fake cannot: see run-shell-smoke.ts. Without a binary it says so
// in one line and succeeds, so it can sit in any machine's routine.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { findElectronBinary } from './find-electron';

const electronPackageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const electron = findElectronBinary({ env: process.env, electronPackageDir });

if (!electron) {
  console.log(
    'shell smoke check skipped: no Electron binary (set ELECTRON_OVERRIDE_DIST_PATH or install electron with its download)',
  );
  process.exit(0);
}

const needsDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
if (needsDisplay) {
  // Run this same check again inside a virtual X server.
  const again = spawnSync(
    'xvfb-run',
    ['-a', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  if (again.error) {
    console.error(
      'shell smoke check: no display and no xvfb-run; install xvfb or run it in a desktop session',
    );
    process.exit(1);
  }
  process.exit(again.status ?? 1);
}

const { runShellSmoke } = await import('./run-shell-smoke');
await runShellSmoke(electron);
