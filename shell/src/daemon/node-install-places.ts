import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { compareVersions } from './version-order';

/** Only so many alias hops (`default` → `lts/*` → `lts/jod` → v22.11.0): a loop must end. */
const MAX_ALIAS_HOPS = 5;

/**
 * Where Node and the agents are put by the usual installers (volta, nvm, fnm, npm's user prefixes,
 * pnpm, bun, cargo, Homebrew), most personal first: a GUI launch
 * has none of them on its PATH, and a login shell that could not be asked would have added them.
 * Only folders that exist are returned.
 */
export async function nodeInstallPlaces(o: {
  platform: NodeJS.Platform;
  home: string;
  env: NodeJS.ProcessEnv;
}): Promise<string[]> {
  const { home, env } = o;
  const nvmDir = absolute(env.NVM_DIR) ?? join(home, '.nvm');
  const fnmDirs = absolute(env.FNM_DIR)
    ? [env.FNM_DIR as string]
    : o.platform === 'darwin'
      ? [join(home, 'Library', 'Application Support', 'fnm'), join(home, '.fnm')]
      : [join(absolute(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), 'fnm'), join(home, '.fnm')];
  const candidates = [
    join(absolute(env.VOLTA_HOME) ?? join(home, '.volta'), 'bin'),
    // nvm's `current` link exists only with NVM_SYMLINK_CURRENT; its default alias is what a new shell uses.
    join(nvmDir, 'current', 'bin'),
    await nvmDefaultBin(nvmDir),
    ...fnmDirs.map((dir) => join(dir, 'aliases', 'default', 'bin')),
    join(home, '.local', 'bin'),
    join(home, '.npm-global', 'bin'),
    // A custom npm prefix (`npm config set prefix`), where `npm i -g` put the agents.
    await npmPrefixBin(home, env),
    // pnpm's global bin folder (`pnpm setup`), bun's and cargo's.
    absolute(env.PNPM_HOME) ??
      (o.platform === 'darwin'
        ? join(home, 'Library', 'pnpm')
        : join(absolute(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), 'pnpm')),
    join(absolute(env.BUN_INSTALL) ?? join(home, '.bun'), 'bin'),
    join(absolute(env.CARGO_HOME) ?? join(home, '.cargo'), 'bin'),
    // Claude Code's own "local" install.
    join(home, '.claude', 'local'),
    ...(o.platform === 'darwin'
      ? ['/opt/homebrew/bin', '/usr/local/bin']
      : ['/home/linuxbrew/.linuxbrew/bin', '/usr/local/bin']),
  ];
  const places: string[] = [];
  for (const dir of candidates) {
    if (dir && !places.includes(dir) && (await isDirectory(dir))) places.push(dir);
  }
  return places;
}

/**
 * `<prefix>/bin` of the npm prefix the environment or `~/.npmrc` sets (`prefix=~/.npm-packages`);
 * null when neither does. Only the user's own npmrc is read: the global one names the system's.
 */
async function npmPrefixBin(home: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  let prefix = env.NPM_CONFIG_PREFIX ?? env.npm_config_prefix;
  if (!prefix) {
    try {
      const npmrc = await readFile(absolute(env.NPM_CONFIG_USERCONFIG) ?? join(home, '.npmrc'), 'utf8');
      prefix = /^\s*prefix\s*=\s*(.+?)\s*$/m.exec(npmrc)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
    } catch {
      return null;
    }
  }
  if (!prefix) return null;
  const expanded = prefix.replace(/^~(?=$|\/)/, home).replace(/\$\{HOME\}|\$HOME\b/g, home);
  return isAbsolute(expanded) ? join(expanded, 'bin') : null;
}

/** The bin folder of the version nvm's `default` alias names, as `nvm use default` would pick it. */
async function nvmDefaultBin(nvmDir: string): Promise<string | null> {
  const installed = await installedNvmVersions(nvmDir);
  if (installed.length === 0) return null;
  let alias = 'default';
  for (let hop = 0; hop < MAX_ALIAS_HOPS; hop++) {
    let spec: string;
    try {
      spec = (await readFile(join(nvmDir, 'alias', alias), 'utf8')).trim();
    } catch {
      return null;
    }
    const version = matchVersion(spec, installed);
    if (version) return join(nvmDir, 'versions', 'node', version, 'bin');
    if (spec === '' || spec.includes('..')) return null;
    alias = spec;
  }
  return null;
}

/** `v22.11.0`-style folders, newest first. */
async function installedNvmVersions(nvmDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(nvmDir, 'versions', 'node'));
  } catch {
    return [];
  }
  return names.filter((name) => /^v\d+\.\d+\.\d+$/.test(name)).sort((a, b) => compareVersions(b, a));
}

/** `node`/`stable`: the newest; `22`, `v22.3`, `22.3.0`: the newest installed that matches; else none. */
function matchVersion(spec: string, installed: string[]): string | undefined {
  if (spec === 'node' || spec === 'stable') return installed[0];
  const bare = spec.replace(/^v/, '');
  if (!/^\d+(\.\d+){0,2}$/.test(bare)) return undefined;
  return installed.find((version) => version === `v${bare}` || version.startsWith(`v${bare}.`));
}

function absolute(value: string | undefined): string | undefined {
  return value && isAbsolute(value) ? value : undefined;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
