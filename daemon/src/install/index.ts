import { dirname, join } from 'node:path';
import type { CliIo } from '../cli/cli-io';
import { readConfigFile } from '../cli/local-daemon';
import { resolveDataDir } from '../config/data-dir';
import { permissionHookTimeoutSeconds, readPermissionCallSettings } from '../config/permission-call-settings';
import { agentHookFiles } from './agent-hook-files';
import { type CodexHookTrustReading, readCodexHookTrust } from './codex-hook-trust';
import { HookConfigError, readHookConfig, writeHookConfig } from './hook-config-file';
import {
  countRingbackHooks,
  type HookConfig,
  hookCommand,
  RINGBACK_HOOK_EVENTS,
  type RingbackHookEvent,
  ringbackHooks,
  STOP_HOOK_TIMEOUT_SECONDS,
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
      const replaced = countRingbackHooks(config);
      // Codex's trust as it stands before we write: a hook whose trust cannot be read may be
      // trusted, and rewriting it would make Codex skip it, so it is left as it is.
      const trustProblem =
        file.agent === 'codex' ? (await readCodexHookTrust(io.home, io.env)).problem : undefined;
      const wanted: { event: RingbackHookEvent; command: string; timeout: number }[] = [
        {
          event: 'Stop',
          command: hookCommand(io.nodePath, io.cliScript, file.agent),
          timeout: STOP_HOOK_TIMEOUT_SECONDS,
        },
        {
          event: 'PermissionRequest',
          command: hookCommand(io.nodePath, io.cliScript, file.agent, 'PermissionRequest'),
          timeout: permissionTimeout,
        },
      ];
      let next = config;
      const kept: RingbackHookEvent[] = [];
      for (const hook of wanted) {
        const candidate = withRingbackHook(next, hook.command, hook.event, hook.timeout);
        if (
          trustProblem !== undefined &&
          countRingbackHooks(next, hook.event) > 0 &&
          JSON.stringify(eventHooks(candidate, hook.event)) !== JSON.stringify(eventHooks(next, hook.event))
        ) {
          kept.push(hook.event);
          continue;
        }
        next = candidate;
      }
      // Never write Codex's file from a trust we could not read unless something is added.
      if (trustProblem === undefined || JSON.stringify(next) !== JSON.stringify(config))
        await writeHookConfig(file.path, next);
      for (const event of kept) {
        failed = true;
        const timeout = ringbackHooks(config, event)[0]?.timeout;
        io.stderr(
          `${file.label}: ${event} hook left as it was (${typeof timeout === 'number' ? `timeout ${timeout} s` : "Codex's default timeout"}): could not read whether Codex trusts it (${trustProblem}); rewriting it could make Codex skip it. Fix ${join(dirname(file.path), 'config.toml')} and run \`ringback install\` again.\n`,
        );
      }
      if (!kept.includes('Stop')) {
        const note =
          replaced > 0 ? ` (replaced ${replaced} earlier Ringback hook${replaced > 1 ? 's' : ''})` : '';
        io.stdout(`${file.label}: Stop hook installed in ${file.path}${note}\n`);
      }
      if (!kept.includes('PermissionRequest'))
        io.stdout(
          `${file.label}: PermissionRequest hook installed in ${file.path} (the agent waits up to ${permissionTimeout} s: the wait for the phone, ${settings.waitSeconds} s, and a margin)\n`,
        );
      if (file.agent === 'codex') {
        const trust = await readCodexHookTrust(io.home, io.env);
        if (!kept.includes('Stop')) io.stdout(codexTrustAdvice(trust.hook?.trust, trust.problem));
        if (!kept.includes('PermissionRequest'))
          io.stdout(codexPermissionTrustAdvice(trust.permissionHook?.trust, trust.problem));
      }
    } catch (error) {
      failed = true;
      io.stderr(`${file.label}: not installed: ${describe(error)}\n`);
    }
  }
  return failed ? 1 : 0;
}

/** `config`'s hook groups for `event`, as they would be written. */
function eventHooks(config: HookConfig, event: RingbackHookEvent): unknown {
  const hooks = config.hooks;
  return typeof hooks === 'object' && hooks !== null ? (hooks as Record<string, unknown>)[event] : undefined;
}

/** Codex skips a user hook until it is trusted in its /hooks screen: say so, unless it is. */
export function codexTrustAdvice(trust: CodexHookTrustReading | undefined, problem?: string): string {
  if (trust === 'trusted') return 'Codex: trusts this hook already.\n';
  return `Codex: ${skipReason(trust, 'this hook', problem)} Open Codex, type /hooks and trust the Ringback Stop hook.\n`;
}

/** The same for the permission hook, which Codex trusts on its own. */
export function codexPermissionTrustAdvice(
  trust: CodexHookTrustReading | undefined,
  problem?: string,
): string {
  if (trust === 'trusted') return 'Codex: trusts the permission hook already.\n';
  return `Codex: ${skipReason(trust, 'the permission hook', problem)} Open Codex, type /hooks and trust the Ringback PermissionRequest hook.\n`;
}

function skipReason(trust: CodexHookTrustReading | undefined, hook: string, problem?: string): string {
  if (trust === 'unknown')
    return `could not read whether Codex trusts ${hook} (${problem ?? 'config.toml'}): if Codex skips it, trust it.`;
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
