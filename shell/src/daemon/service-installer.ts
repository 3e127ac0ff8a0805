import { basename, dirname, join } from 'node:path';
import type { ServiceInstallResult } from '@ringback/protocol';
import { ephemeralPathReason, withoutMountLibraries } from './ephemeral-path';
import { findOnPath, isFile } from './find-executable';
import type { RunCommand } from './run-command';
import {
  copyDaemonToStablePlace,
  readInstalledRecord,
  removeOtherCopies,
  writeInstalledRecord,
} from './stable-daemon-copy';
import type { UserPath } from './user-path';
import { withPath } from './user-path';
import { compareVersions } from './version-order';

/** The daemon's own engines field: `node >= 20.19`. */
const MIN_NODE: readonly [number, number] = [20, 19];
const VERSION_TIMEOUT_MS = 10_000;
/** `service install` writes a unit and asks systemctl/launchctl/schtasks, each within 15 s. */
const INSTALL_TIMEOUT_MS = 60_000;
const STATUS_TIMEOUT_MS = 30_000;

export interface ServiceInstaller {
  install(): Promise<ServiceInstallResult>;
  /**
   * At start: when the service was installed from an older version of the app, or the copy it runs
   * is missing, installs this version's daemon (and restarts the service). Null when there was
   * nothing to do.
   */
  refreshIfOutdated(): Promise<ServiceInstallResult | null>;
}

/** Where the bundled daemon is copied before the service is pointed at it (the packaged app). */
export interface StableDaemonPlace {
  /** The per-user folder (stableDaemonRoot); each version goes to `<root>/<version>`. */
  root: string;
  /** This app's version, which names the copy. */
  version: string;
}

type Prepared =
  | { ok: true; node: string; cli: string; env: NodeJS.ProcessEnv; warning?: string }
  | (ServiceInstallResult & { ok: false });

/**
 * Runs `node <ringback.mjs> service install`: the daemon becomes this user's login service. It is
 * run by the system's node, not by Electron, since the service it writes keeps starting that
 * node long after the app is gone; and with the user's real PATH (their login shell's, not a GUI
 * launch's bare one), which the service records so the daemon finds `claude` and `codex`.
 * With a stable place, the bundled daemon is first copied there and the service points at the copy:
 * the app's own folder may be an AppImage mount or a translocated copy, gone at the next login.
 */
export function createServiceInstaller(o: {
  env: NodeJS.ProcessEnv;
  cliCandidates: string[];
  run: RunCommand;
  /** The user's real PATH, resolved once (resolveUserPath); without it the app's own PATH is used. */
  userPath?: () => Promise<UserPath>;
  /** Absent in a checkout: its daemon/dist is run where it is (it needs the checkout's node_modules). */
  stable?: StableDaemonPlace;
}): ServiceInstaller {
  // Asked once: a login shell may take seconds, and the user's PATH does not change under the app.
  let userPath: Promise<UserPath | null> | null = null;
  // One install at a time: the start's refresh and a click must not copy over each other.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => {});
    return next;
  };

  /** The install's environment, and a warning for the page when the login shell gave no PATH. */
  async function environment(): Promise<{ env: NodeJS.ProcessEnv; warning?: string }> {
    const env = withoutMountLibraries(o.env);
    if (!o.userPath) return { env };
    const asking = userPath ?? o.userPath().catch(() => null);
    userPath = asking;
    const resolved = await asking;
    // Only an answer is kept: a shell that was slow this once (a cold disk, a network mount) is
    // asked again at the next install instead of leaving the app with the probes for the whole run.
    if ((!resolved || resolved.loginShellProblem) && userPath === asking) userPath = null;
    if (!resolved) return { env, warning: noAnswerWarning('the lookup failed') };
    const withUserPath = withPath(env, resolved.path);
    return resolved.loginShellProblem
      ? { env: withUserPath, warning: noAnswerWarning(resolved.loginShellProblem) }
      : { env: withUserPath };
  }

  async function prepare(): Promise<Prepared> {
    const override = o.env.RINGBACK_CLI?.trim();
    const candidates = [override, ...o.cliCandidates].filter(
      (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
    );
    let cli: string | null = null;
    for (const candidate of candidates) {
      if (await isFile(candidate)) {
        cli = candidate;
        break;
      }
    }
    if (!cli) {
      return {
        ok: false,
        reason: 'no_daemon_cli',
        message: `the daemon's command (ringback.mjs) is not at ${candidates.join(', ') || 'any known place'}`,
      };
    }
    const { env, warning } = await environment();
    const node = await findOnPath('node', env);
    if (!node) {
      return {
        ok: false,
        reason: 'no_node',
        message: `Node.js ${MIN_NODE.join('.')} or newer is needed to run the daemon, and no node was found on your PATH or in the usual places (Homebrew, nvm, volta, fnm)`,
      };
    }
    const version = await runQuietly(node, ['--version'], VERSION_TIMEOUT_MS, env);
    const found = /^v?(\d+)\.(\d+)\./.exec(version.stdout.trim());
    if (version.code !== 0 || !found || !atLeast([Number(found[1]), Number(found[2])], MIN_NODE)) {
      const what = found ? `Node.js ${version.stdout.trim()}` : 'a node that did not tell its version';
      return {
        ok: false,
        reason: 'no_node',
        message: `${node} is ${what}; the daemon needs Node.js ${MIN_NODE.join('.')} or newer`,
      };
    }
    return { ok: true, node, cli, env, ...(warning ? { warning } : {}) };
  }

  async function install(given?: Prepared): Promise<ServiceInstallResult> {
    const prepared = given ?? (await prepare());
    if (!prepared.ok) return prepared;
    const { node, env } = prepared;
    let { cli } = prepared;
    // RINGBACK_CLI is the user's own choice of daemon, run where it is.
    const copy = o.stable && cli !== o.env.RINGBACK_CLI?.trim() ? o.stable : null;
    if (copy) {
      try {
        cli = join(await copyDaemonToStablePlace({ sourceDir: dirname(cli), ...copy }), basename(cli));
      } catch (error) {
        return {
          ok: false,
          reason: 'failed',
          message: `the daemon could not be copied to ${copy.root}, where the login service can find it after the app quits: ${(error as Error).message ?? String(error)}`,
        };
      }
    }
    const vanishing = ephemeralPathReason(cli, o.env) ?? ephemeralPathReason(node, o.env);
    if (vanishing) {
      return {
        ok: false,
        reason: 'failed',
        message: `not installed: ${vanishing}, and the login service would not find it at the next login`,
      };
    }
    const result = await runQuietly(node, [cli, 'service', 'install'], INSTALL_TIMEOUT_MS, env);
    const output = [result.stdout.trim(), result.stderr.trim()].filter((text) => text !== '').join('\n');
    if (result.code !== 0) {
      return {
        ok: false,
        reason: 'failed',
        message: `\`ringback service install\` ${result.code === null ? 'did not finish' : `failed (exit ${result.code})`}${
          output ? `: ${output.split('\n').slice(0, 5).join(' / ')}` : ''
        }`,
      };
    }
    if (copy) {
      // The service runs this copy now: the record says which, and older copies can go.
      try {
        await writeInstalledRecord(copy.root, { version: copy.version, cli });
        await removeOtherCopies(copy.root, dirname(cli));
      } catch (error) {
        console.error('Ringback: the installed daemon could not be recorded:', error);
      }
    }
    return { ok: true, output, ...(prepared.warning ? { warning: prepared.warning } : {}) };
  }

  async function refreshIfOutdated(): Promise<ServiceInstallResult | null> {
    if (!o.stable) return null;
    const record = await readInstalledRecord(o.stable.root);
    if (!record) return null;
    // A crash between the two renames of a same-version replacement leaves the service pointing at
    // a folder that is gone; an equal version would never repair it, so a missing copy is reinstalled.
    const copyMissing = !(await isFile(record.cli));
    if (!copyMissing && compareVersions(o.stable.version, record.version) <= 0) return null;
    // A service the user has since removed (`ringback service uninstall`) stays removed.
    const prepared = await prepare();
    if (!prepared.ok) return prepared;
    const status = await runQuietly(
      prepared.node,
      [prepared.cli, 'service', 'status'],
      STATUS_TIMEOUT_MS,
      prepared.env,
    );
    if (status.code !== 0 || /Login service: not installed/.test(status.stdout)) return null;
    return install(prepared);
  }

  /** `run` should not throw; if it does, that is a failed command like any other. */
  async function runQuietly(command: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv) {
    try {
      return await o.run(command, args, { env, timeoutMs });
    } catch (error) {
      return { code: null, stdout: '', stderr: (error as Error).message ?? String(error) };
    }
  }

  return {
    install: () => serially(() => install()),
    refreshIfOutdated: () => serially(refreshIfOutdated),
  };
}

function atLeast(version: readonly [number, number], minimum: readonly [number, number]): boolean {
  return version[0] > minimum[0] || (version[0] === minimum[0] && version[1] >= minimum[1]);
}

/** What the page says when the service got the probed PATH instead of the login shell's. */
function noAnswerWarning(problem: string): string {
  return `Your login shell did not answer in time (${problem}); the login service may not find claude or codex. It was given the app's PATH and the usual install places (Homebrew, nvm, volta, fnm, npm, pnpm, bun, cargo). If the agents live elsewhere, run \`ringback service install\` in a terminal (the service then keeps that terminal's PATH), or install again here.`;
}
