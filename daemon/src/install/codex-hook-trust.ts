import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { readHookConfig } from './hook-config-file';
import { type HookConfig, isRingbackHookCommand, type RingbackHookEvent } from './stop-hooks';
import { readTomlScalars } from './toml-scalars';

/**
 * Whether Codex runs our hooks. Codex skips a user hook until it is trusted in its `/hooks`
 * screen, which stores, per hook, the hash of its definition in `config.toml`:
 * `[hooks.state."<hooks.json path>:<event label>:<group>:<handler>"] trusted_hash = "sha256:…"`,
 * the label being `stop` for Stop and `permission_request` for PermissionRequest (codex-rs/hooks
 * `hook_key`, `hook_event_key_label`): each of our two hooks is trusted on its own.
 * `modified`: trusted once, changed since (Codex skips it too); `disabled`: turned off there.
 */
export type CodexHookTrust = 'trusted' | 'untrusted' | 'modified' | 'disabled';

/**
 * What we know of Codex's trust in one hook: `unknown` when `config.toml` could not be read or
 * followed. Unknown is not untrusted: the user may have trusted the hook, so nothing may be
 * rewritten on the strength of it (a rewrite changes the hash Codex trusts).
 */
export type CodexHookTrustReading = CodexHookTrust | 'unknown';

export interface CodexHookTrustReport {
  /** Our Stop hook as `hooks.json` lists it, or null when it is not installed. */
  hook: (RingbackCodexHook & { trust: CodexHookTrustReading }) | null;
  /** Our PermissionRequest hook, present only when it is installed. */
  permissionHook?: RingbackCodexHook & { trust: CodexHookTrustReading };
  /** Why trust could not be read (an unreadable `config.toml`…); each trust is then `unknown`. */
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

/** How Codex labels each event in trust keys and hashes (`hook_event_key_label`). */
const EVENT_LABEL: Record<RingbackHookEvent, string> = {
  Stop: 'stop',
  PermissionRequest: 'permission_request',
};

/** A handler's timeout as Codex reads it: its own (at least 1 s), else Codex's default. */
const codexHookTimeout = (handler: Record<string, unknown>): number =>
  Math.max(1, typeof handler.timeout === 'number' ? handler.timeout : CODEX_DEFAULT_TIMEOUT_SECONDS);

/**
 * The hash Codex trusts a Stop command hook by (checked against Codex 0.169's own `hooks/list`):
 * SHA-256 of the compact, key-sorted JSON of `{event_name: "stop", hooks: [handler]}`, where
 * the handler is normalised as Codex reads it: `type`, `command`, `timeout` (600 when absent),
 * `async` (false when absent) and `statusMessage` when set; other fields, and a Stop group's
 * matcher, play no part.
 */
export function codexStopHookHash(handler: Record<string, unknown>): string {
  return codexHookHash('Stop', handler);
}

/**
 * The hash Codex trusts a command hook of `event` by: as for Stop, with the event's label, and
 * for an event that matches on tools (PermissionRequest) the group's `matcher` when it has one
 * (codex-rs/hooks `command_hook_hash`). Ours is written without a matcher.
 */
export function codexHookHash(
  event: RingbackHookEvent,
  handler: Record<string, unknown>,
  matcher?: unknown,
): string {
  const normalised: Record<string, unknown> = {
    type: 'command',
    command: handler.command,
    timeout: codexHookTimeout(handler),
    async: handler.async === true,
  };
  if (typeof handler.statusMessage === 'string') normalised.statusMessage = handler.statusMessage;
  const identity: Record<string, unknown> = { event_name: EVENT_LABEL[event], hooks: [normalised] };
  if (event !== 'Stop' && typeof matcher === 'string') identity.matcher = matcher;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex')}`;
}

/** Our hook as a Codex `hooks.json` lists it. */
export interface RingbackCodexHook {
  /** Codex's trust key for it, and the hash it trusts it by. */
  key: string;
  hash: string;
  /** How long Codex lets it run (its default when the file gives none). */
  timeoutSeconds: number;
  /** Its group's matcher (PermissionRequest: which tools' approvals it sees); absent: all. */
  matcher?: unknown;
}

/**
 * Our hook for `event` (Stop by default) in a Codex `hooks.json` at `path`: its trust key,
 * current hash, timeout and matcher, or null.
 */
export function ringbackCodexHook(
  path: string,
  config: HookConfig,
  event: RingbackHookEvent = 'Stop',
): RingbackCodexHook | null {
  const groups = isRecord(config.hooks) && Array.isArray(config.hooks[event]) ? config.hooks[event] : [];
  for (const [groupIndex, group] of (groups as unknown[]).entries()) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) continue;
    for (const [handlerIndex, handler] of group.hooks.entries()) {
      if (isRecord(handler) && isRingbackHookCommand(handler.command, event)) {
        return {
          key: `${path}:${EVENT_LABEL[event]}:${groupIndex}:${handlerIndex}`,
          hash: codexHookHash(event, handler, group.matcher),
          timeoutSeconds: codexHookTimeout(handler),
          ...(group.matcher === undefined ? {} : { matcher: group.matcher }),
        };
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

/** Whether Codex currently runs our Stop hook (`hook`) and our PermissionRequest hook. */
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
  const stop = ringbackCodexHook(hooksPath, hooks, 'Stop');
  const permission = ringbackCodexHook(hooksPath, hooks, 'PermissionRequest');
  if (!stop && !permission) return { hook: null };
  const report = (
    trust: (found: RingbackCodexHook) => CodexHookTrustReading,
    problem?: string,
  ): CodexHookTrustReport => ({
    hook: stop ? { ...stop, trust: trust(stop) } : null,
    ...(permission ? { permissionHook: { ...permission, trust: trust(permission) } } : {}),
    ...(problem ? { problem } : {}),
  });
  let configToml = '';
  try {
    configToml = await readFile(join(codexHome, 'config.toml'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return report(() => 'unknown', `config.toml: ${(error as Error).message}`);
  }
  try {
    // Read once up front: a document it cannot follow fails here, for both hooks alike.
    codexHookState(configToml, '');
    return report((found) => trustOf(found.hash, codexHookState(configToml, found.key)));
  } catch (error) {
    return report(() => 'unknown', `config.toml: ${(error as Error).message}`);
  }
}
