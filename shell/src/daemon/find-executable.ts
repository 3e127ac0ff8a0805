import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** True for a regular file this user may run. */
export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True for a regular file (the daemon's CLI is run by node, so it need not be executable). */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The first `name` on the PATH of `env`, as a shell would find it. Windows spells the variable
 * `Path` and finds `node.exe` through PATHEXT, so both are looked up without asking the platform.
 */
export async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH');
  const dirs = (pathKey ? (env[pathKey] ?? '') : '').split(delimiter).filter((dir) => dir !== '');
  const extensions = ['', ...(env.PATHEXT ?? '').split(';').filter((ext) => ext !== '')];
  for (const dir of dirs) {
    for (const extension of extensions) {
      const candidate = join(dir, `${name}${extension.toLowerCase()}`);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}
