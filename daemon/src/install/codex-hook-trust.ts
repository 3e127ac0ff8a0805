import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { readHookConfig } from './hook-config-file';
import { type HookConfig, isRingbackHookCommand } from './stop-hooks';
import { readTomlScalars } from './toml-scalars';

/**
 * Whether Codex runs our Stop hook. Codex skips a user hook until it is trusted in its `/hooks`
 * screen, which stores, per hook, the hash of its definition in `config.toml`:
 * `[hooks.state."<hooks.json path>:stop:<group>:<handler>"] trusted_hash = "sha256:…"`.
 * `modified`: trusted once, changed since (Codex skips it too); `disabled`: turned off there.
 */
export type CodexHookTrust = 'trusted' | 'untrusted' | 'modified' | 'disabled';

export interface CodexHookTrustReport {
  /** Our hook as `hooks.json` lists it, or null when it is not installed. */
  hook: { key: string; hash: string; trust: CodexHookTrust } | null;
  /** Why trust could not be read (an unreadable `config.toml`…); `hook.trust` is then a guess. */
  problem?: string;
}

/** Codex's default timeout for a hook without one, in seconds. */
const CODEX_DEFAULT_TIMEOUT_SECONDS = 600;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

/**
 * The hash Codex trusts a Stop command hook by (checked against Codex 0.169's own `hooks/list`):
 * SHA-256 of the compact, key-sorted JSON of `{event_name: "stop", hooks: [handler]}`, where
 * the handler is normalised as Codex reads it: `type`, `command`, `timeout` (600 when absent),
 * `async` (false when absent) and `statusMessage` when set; other fields, and a Stop group's
 * matcher, play no part.
 */
export function codexStopHookHash(handler: Record<string, unknown>): string {
  const normalised: Record<string, unknown> = {
    type: 'command',
    command: handler.command,
    timeout: Math.max(
      1,
      typeof handler.timeout === 'number' ? handler.timeout : CODEX_DEFAULT_TIMEOUT_SECONDS,
    ),
    async: handler.async === true,
  };
  if (typeof handler.statusMessage === 'string') normalised.statusMessage = handler.statusMessage;
  const identity = { event_name: 'stop', hooks: [normalised] };
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex')}`;
}

/** Our Stop hook in a Codex `hooks.json` at `path`: its trust key and current hash, or null. */
export function ringbackCodexHook(path: string, config: HookConfig): { key: string; hash: string } | null {
  const stop = isRecord(config.hooks) && Array.isArray(config.hooks.Stop) ? config.hooks.Stop : [];
  for (const [groupIndex, group] of stop.entries()) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) continue;
    for (const [handlerIndex, handler] of group.hooks.entries()) {
      if (isRecord(handler) && isRingbackHookCommand(handler.command)) {
        return { key: `${path}:stop:${groupIndex}:${handlerIndex}`, hash: codexStopHookHash(handler) };
      }
    }
  }
  return null;
}

/** What `config.toml` says of one hook key: its trusted hash and whether it is enabled. */
export function codexHookState(configToml: string, key: string): { trustedHash?: string; enabled?: boolean } {
  const state: { trustedHash?: string; enabled?: boolean } = {};
  for (const { path, value } of readTomlScalars(configToml)) {
    if (path.length !== 4 || path[0] !== 'hooks' || path[1] !== 'state' || path[2] !== key) continue;
    if (path[3] === 'trusted_hash' && typeof value === 'string') state.trustedHash = value;
    if (path[3] === 'enabled' && typeof value === 'boolean') state.enabled = value;
  }
  return state;
}

export function trustOf(hash: string, state: { trustedHash?: string; enabled?: boolean }): CodexHookTrust {
  if (state.enabled === false) return 'disabled';
  if (state.trustedHash === undefined) return 'untrusted';
  return state.trustedHash === hash ? 'trusted' : 'modified';
}

/**
 * Codex's home as Codex names it in trust keys: `$CODEX_HOME` with symlinks resolved, else
 * `~/.codex` as it is (checked against Codex 0.169).
 */
export async function codexHomeOf(home: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!env.CODEX_HOME) return join(home, '.codex');
  return realpath(env.CODEX_HOME).catch(() => env.CODEX_HOME as string);
}

/** Whether Codex currently runs our Stop hook. */
export async function readCodexHookTrust(
  home: string,
  env: NodeJS.ProcessEnv,
): Promise<CodexHookTrustReport> {
  const codexHome = await codexHomeOf(home, env);
  const hooksPath = join(codexHome, 'hooks.json');
  let hooks: HookConfig;
  try {
    hooks = await readHookConfig(hooksPath);
  } catch (error) {
    return { hook: null, problem: (error as Error).message };
  }
  const hook = ringbackCodexHook(hooksPath, hooks);
  if (!hook) return { hook: null };
  let configToml = '';
  try {
    configToml = await readFile(join(codexHome, 'config.toml'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { hook: { ...hook, trust: 'untrusted' }, problem: `config.toml: ${(error as Error).message}` };
  }
  try {
    return { hook: { ...hook, trust: trustOf(hook.hash, codexHookState(configToml, hook.key)) } };
  } catch (error) {
    return { hook: { ...hook, trust: 'untrusted' }, problem: `config.toml: ${(error as Error).message}` };
  }
}
