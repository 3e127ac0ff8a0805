import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The executable inside an Electron dist, per platform (what the electron package writes to path.txt). */
function platformPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * The Electron binary the smoke check can launch, or null: the dist named by
 * `ELECTRON_OVERRIDE_DIST_PATH`, else the electron package's own download (absent here: its
 * install script is not allowed to run). Same rules as the electron package's index.js, without
 * its throw when nothing was downloaded.
 */
export function findElectronBinary(o: {
  env: NodeJS.ProcessEnv;
  electronPackageDir: string;
  platform?: NodeJS.Platform;
}): string | null {
  const pathFile = join(o.electronPackageDir, 'path.txt');
  const executable = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : platformPath(o.platform ?? process.platform);
  const override = o.env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  const candidate = override
    ? join(override, executable)
    : existsSync(pathFile)
      ? join(o.electronPackageDir, 'dist', executable)
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}
