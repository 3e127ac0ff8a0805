import type { CliIo } from '../cli/cli-io';
import { agentHookFiles } from './agent-hook-files';
import { type CodexHookTrust, readCodexHookTrust } from './codex-hook-trust';
import { HookConfigError, readHookConfig, writeHookConfig } from './hook-config-file';
import { countRingbackHooks, hookCommand, withoutRingbackHooks, withRingbackHook } from './stop-hooks';

/**
 * `ringback install`: registers `ringback hook <agent>` as the Stop hook of Claude Code and
 * Codex, replacing any earlier Ringback hook so a turn never rings twice.
 */
export async function runInstallCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0) {
    io.stderr(`ringback install: unexpected argument '${argv[0]}'\n`);
    return 2;
  }
  let failed = false;
  for (const file of agentHookFiles(io.home, io.env)) {
    try {
      const config = await readHookConfig(file.path);
      const command = hookCommand(io.nodePath, io.cliScript, file.agent);
      const replaced = countRingbackHooks(config);
      await writeHookConfig(file.path, withRingbackHook(config, command));
      const note =
        replaced > 0 ? ` (replaced ${replaced} earlier Ringback hook${replaced > 1 ? 's' : ''})` : '';
      io.stdout(`${file.label}: Stop hook installed in ${file.path}${note}\n`);
      if (file.agent === 'codex')
        io.stdout(codexTrustAdvice((await readCodexHookTrust(io.home, io.env)).hook?.trust));
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
  const why =
    trust === 'modified'
      ? 'Codex skips this hook: it changed since you trusted it.'
      : trust === 'disabled'
        ? 'Codex skips this hook: it is turned off in Codex.'
        : 'Codex skips this hook until you trust it.';
  return `Codex: ${why} Open Codex, type /hooks and trust the Ringback Stop hook.\n`;
}

/** `ringback uninstall`: removes every Ringback Stop hook, current or legacy. */
export async function runUninstallCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0) {
    io.stderr(`ringback uninstall: unexpected argument '${argv[0]}'\n`);
    return 2;
  }
  let failed = false;
  for (const file of agentHookFiles(io.home, io.env)) {
    try {
      const config = await readHookConfig(file.path);
      const removed = countRingbackHooks(config);
      if (removed === 0) {
        io.stdout(`${file.label}: no Ringback hook in ${file.path}\n`);
        continue;
      }
      await writeHookConfig(file.path, withoutRingbackHooks(config));
      io.stdout(
        `${file.label}: removed ${removed} Ringback hook${removed > 1 ? 's' : ''} from ${file.path}\n`,
      );
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
