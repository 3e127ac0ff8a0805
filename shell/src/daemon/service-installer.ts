import type { ServiceInstallResult } from '@ringback/protocol';
import { findOnPath, isFile } from './find-executable';
import type { RunCommand } from './run-command';

/** The daemon's own engines field: `node >= 20.19`. */
const MIN_NODE: readonly [number, number] = [20, 19];
const VERSION_TIMEOUT_MS = 10_000;
/** `service install` writes a unit and asks systemctl/launchctl/schtasks, each within 15 s. */
const INSTALL_TIMEOUT_MS = 60_000;

export interface ServiceInstaller {
  install(): Promise<ServiceInstallResult>;
}

/**
 * Runs `node <ringback.mjs> service install`: the daemon becomes this user's login service. It is
 * run by the system's node, not by Electron, since the service it writes keeps starting that
 * node long after the app is gone.
 */
export function createServiceInstaller(o: {
  env: NodeJS.ProcessEnv;
  cliCandidates: string[];
  run: RunCommand;
}): ServiceInstaller {
  async function install(): Promise<ServiceInstallResult> {
    const candidates = [o.env.RINGBACK_CLI, ...o.cliCandidates].filter(
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
    const node = await findOnPath('node', o.env);
    if (!node) {
      return {
        ok: false,
        reason: 'no_node',
        message: `Node.js ${MIN_NODE.join('.')} or newer is needed to run the daemon, and no node is on PATH`,
      };
    }
    const version = await runQuietly(node, ['--version'], VERSION_TIMEOUT_MS);
    const found = /^v?(\d+)\.(\d+)\./.exec(version.stdout.trim());
    if (version.code !== 0 || !found || !atLeast([Number(found[1]), Number(found[2])], MIN_NODE)) {
      const what = found ? `Node.js ${version.stdout.trim()}` : 'a node that did not tell its version';
      return {
        ok: false,
        reason: 'no_node',
        message: `${node} is ${what}; the daemon needs Node.js ${MIN_NODE.join('.')} or newer`,
      };
    }
    const result = await runQuietly(node, [cli, 'service', 'install'], INSTALL_TIMEOUT_MS);
    const output = [result.stdout.trim(), result.stderr.trim()].filter((text) => text !== '').join('\n');
    if (result.code === 0) return { ok: true, output };
    return {
      ok: false,
      reason: 'failed',
      message: `\`ringback service install\` ${result.code === null ? 'did not finish' : `failed (exit ${result.code})`}${
        output ? `: ${output.split('\n').slice(0, 5).join(' / ')}` : ''
      }`,
    };
  }

  /** `run` should not throw; if it does, that is a failed command like any other. */
  async function runQuietly(command: string, args: string[], timeoutMs: number) {
    try {
      return await o.run(command, args, { env: o.env, timeoutMs });
    } catch (error) {
      return { code: null, stdout: '', stderr: (error as Error).message ?? String(error) };
    }
  }

  return { install };
}

function atLeast(version: readonly [number, number], minimum: readonly [number, number]): boolean {
  return version[0] > minimum[0] || (version[0] === minimum[0] && version[1] >= minimum[1]);
}
