import { join } from 'node:path';
import type { CliIo } from '../cli/cli-io';
import { readConfigFile } from '../cli/local-daemon';
import { resolveDataDir } from '../config/data-dir';
import { permissionHookTimeoutSeconds, readPermissionCallSettings } from '../config/permission-call-settings';
import { agentHookFiles } from './agent-hook-files';
import { type CodexHookTrust, readCodexHookTrust } from './codex-hook-trust';
import { HookConfigError, readHookConfig, writeHookConfig } from './hook-config-file';
import {
  countRingbackHooks,
  hookCommand,
  RINGBACK_HOOK_EVENTS,
  withoutRingbackHooks,
  withRingbackHook,
} from './stop-hooks';

/**
 * `ringback install`: registers `ringback hook <agent>` as the Stop hook of Claude Code and
 * Codex, replacing any earlier Ringback hook so a turn never rings twice, and beside it
 * `ringback hook <agent> permission` as their PermissionRequest hook, with the agent's own
 * per-hook timeout set to the permission wait (daemon.json) plus a margin.
 */
export async function runInstallCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0) {
    io.stderr(`ringback install: unexpected argument '${argv[0]}'\n`);
    return 2;
  }
  // The data dir of whoever installs (`$RINGBACK_HOME`, else ~/.ringback), as `ringback run` finds it.
  const dataDir = resolveDataDir(io.env.RINGBACK_HOME || join(io.home, '.ringback'), io.env);
  const settings = readPermissionCallSettings((await readConfigFile(dataDir)) ?? {});
  const permissionTimeout = permissionHookTimeoutSeconds(settings);
  let failed = false;
  for (const file of agentHookFiles(io.home, io.env)) {
    try {
      const config = await readHookConfig(file.path);
      const command = hookCommand(io.nodePath, io.cliScript, file.agent);
      const permissionCommand = hookCommand(io.nodePath, io.cliScript, file.agent, 'PermissionRequest');
      const replaced = countRingbackHooks(config);
      const withStop = withRingbackHook(config, command);
      await writeHookConfig(
        file.path,
        withRingbackHook(withStop, permissionCommand, 'PermissionRequest', permissionTimeout),
      );
      const note =
        replaced > 0 ? ` (replaced ${replaced} earlier Ringback hook${replaced > 1 ? 's' : ''})` : '';
      io.stdout(`${file.label}: Stop hook installed in ${file.path}${note}\n`);
      io.stdout(
        `${file.label}: PermissionRequest hook installed in ${file.path} (the agent waits up to ${permissionTimeout} s: the wait for the phone, ${settings.waitSeconds} s, and a margin)\n`,
      );
      if (file.agent === 'codex') {
        const trust = await readCodexHookTrust(io.home, io.env);
        io.stdout(codexTrustAdvice(trust.hook?.trust));
        io.stdout(codexPermissionTrustAdvice(trust.permissionHook?.trust));
      }
    } catch (error) {
      failed = true;
      io.stderr(`${file.label}: not installed: ${describe(error)}\n`);
    }
  }
  return failed ? 1 : 0;
}

/** Codex skips a user hook until it is trusted in its /hooks screen: say so, unless it is. */
export function codexTrustAdvice(trust: CodexHookTrust | undefined): string {
  if (trust === 'trusted') return 'Codex: trusts this hook already.\n';
  return `Codex: ${skipReason(trust, 'this hook')} Open Codex, type /hooks and trust the Ringback Stop hook.\n`;
}

/** The same for the permission hook, which Codex trusts on its own. */
export function codexPermissionTrustAdvice(trust: CodexHookTrust | undefined): string {
  if (trust === 'trusted') return 'Codex: trusts the permission hook already.\n';
  return `Codex: ${skipReason(trust, 'the permission hook')} Open Codex, type /hooks and trust the Ringback PermissionRequest hook.\n`;
}

function skipReason(trust: CodexHookTrust | undefined, hook: string): string {
  return trust === 'modified'
    ? `Codex skips ${hook}: it changed since you trusted it.`
    : trust === 'disabled'
      ? `Codex skips ${hook}: it is turned off in Codex.`
      : `Codex skips ${hook} until you trust it.`;
}

/** `ringback uninstall`: removes every Ringback hook, Stop and PermissionRequest, current or legacy. */
export async function runUninstallCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0) {
    io.stderr(`ringback uninstall: unexpected argument '${argv[0]}'\n`);
    return 2;
  }
  let failed = false;
  for (const file of agentHookFiles(io.home, io.env)) {
    try {
      const config = await readHookConfig(file.path);
      const removed = countRingbackHooks(config, 'Stop');
      const permission = countRingbackHooks(config, 'PermissionRequest');
      if (removed + permission === 0) {
        io.stdout(`${file.label}: no Ringback hook in ${file.path}\n`);
        continue;
      }
      await writeHookConfig(file.path, withoutRingbackHooks(config, RINGBACK_HOOK_EVENTS));
      if (removed > 0)
        io.stdout(
          `${file.label}: removed ${removed} Ringback hook${removed > 1 ? 's' : ''} from ${file.path}\n`,
        );
      if (permission > 0)
        io.stdout(`${file.label}: removed the Ringback PermissionRequest hook from ${file.path}\n`);
    } catch (error) {
      failed = true;
      io.stderr(`${file.label}: not changed: ${describe(error)}\n`);
    }
  }
  return failed ? 1 : 0;
}

function describe(error: unknown): string {
  return error instanceof HookConfigError ? error.message : `${(error as Error).message}`;
}
