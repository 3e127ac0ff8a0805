import { isAbsolute, sep } from 'node:path';

/**
 * Why `path` will not exist at the next login, or null when nothing says so. The login service
 * outlives the app, so no path it records may point into the AppImage's mount (`$APPDIR`,
 * `/tmp/.mount_*`, gone when the app quits) or into a macOS App Translocation folder (a random
 * read-only copy made when the app is run from Downloads or the disk image).
 */
export function ephemeralPathReason(path: string, env: NodeJS.ProcessEnv): string | null {
  const normal = path.replaceAll('\\', '/');
  const appDir = env.APPDIR?.trim();
  if (
    appDir &&
    isAbsolute(appDir) &&
    (path === appDir || path.startsWith(appDir.endsWith(sep) ? appDir : appDir + sep))
  )
    return `${path} is inside the AppImage's mount ${appDir}, which is gone when the app quits`;
  if (/(^|\/)\.mount_[^/]*(\/|$)/.test(normal))
    return `${path} is inside an AppImage mount, which is gone when the app quits`;
  if (/\/AppTranslocation\//.test(normal))
    return `${path} is in a macOS App Translocation folder, a temporary copy made because the app runs from Downloads or its disk image (move Ringback to Applications)`;
  return null;
}

/**
 * `env` for the programs the app starts for the service (the login shell, node, systemctl): the
 * AppImage's AppRun points LD_LIBRARY_PATH into its mount, whose libraries are the app's, not theirs.
 */
export function withoutMountLibraries(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const libraries = env.LD_LIBRARY_PATH;
  if (libraries === undefined) return env;
  const kept = libraries
    .split(':')
    .filter((entry) => entry !== '' && ephemeralPathReason(entry, env) === null)
    .join(':');
  const { LD_LIBRARY_PATH: _dropped, ...rest } = env;
  return kept === '' ? rest : { ...rest, LD_LIBRARY_PATH: kept };
}
