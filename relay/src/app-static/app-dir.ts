import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the built app (`client/dist`, made by `npm run build`) is: the option, else
 * `RINGBACK_APP_DIR`, else `client/dist` of the checkout the relay runs from.
 */
export function resolveAppDir(option: string | undefined, env: NodeJS.ProcessEnv): string {
  if (option) return resolve(option);
  if (env.RINGBACK_APP_DIR) return resolve(env.RINGBACK_APP_DIR);
  // The bundle is relay/dist/relay.mjs; run from source this module is relay/src/app-static/.
  const candidates = ['../../client/dist', '../../../client/dist'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find(hasBuiltApp) ?? (candidates[0] as string);
}

/** Checked on every page load, so an app built while the relay runs is served without a restart. */
export function hasBuiltApp(appDir: string | null): appDir is string {
  return appDir !== null && existsSync(join(appDir, 'index.html'));
}
