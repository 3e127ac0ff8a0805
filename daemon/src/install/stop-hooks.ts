// Pure edits of an agent's hook configuration. Claude Code (`~/.claude/settings.json`) and
// Codex (`~/.codex/hooks.json`) share the shape
//   { "hooks": { "<Event>": [ { "matcher"?: …, "hooks": [ { "type": "command", "command": … } ] } ] } }
// so one set of functions serves both agents and both of our events: `Stop` (the turn is over)
// and `PermissionRequest` (the agent waits for a permission). Everything that is not a Ringback
// hook of the event being edited is kept as is.

export type HookConfig = Record<string, unknown>;

/** The agents' events Ringback registers a hook for, as their hook files name them. */
export type RingbackHookEvent = 'Stop' | 'PermissionRequest';
export const RINGBACK_HOOK_EVENTS: readonly RingbackHookEvent[] = ['Stop', 'PermissionRequest'];

interface CommandHook {
  type?: unknown;
  command?: unknown;
  [key: string]: unknown;
}

interface HookGroup {
  hooks?: unknown;
  [key: string]: unknown;
}

/** Seconds an agent waits for the Stop hook; the hook gives up on its own after 5 s. */
export const STOP_HOOK_TIMEOUT_SECONDS = 10;

/** `… ringback.mjs" hook <agent> permission`, or a global `ringback hook <agent> permission`. */
const PERMISSION_COMMAND = /ringback(?:\.mjs)?["']?\s+hook\s+["']?[\w-]+["']?\s+["']?permission\b/i;

/**
 * Whether a hook command is our hook for `event`. Stop: the current `… ringback.mjs" hook <agent>`,
 * a global `ringback hook <agent>`, or the legacy standalone `ringback-hook` tool, but never the
 * permission hook; PermissionRequest: `… hook <agent> permission` only. Each event's edits touch
 * only its own command, so one never replaces or removes the other.
 */
export function isRingbackHookCommand(command: unknown, event: RingbackHookEvent = 'Stop'): boolean {
  if (typeof command !== 'string') return false;
  const permission = PERMISSION_COMMAND.test(command);
  if (event === 'PermissionRequest') return permission;
  if (permission) return false;
  return /ringback(?:\.mjs)?["']?\s+hook\b/i.test(command) || /\bringback-hook\b/i.test(command);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function eventGroups(config: HookConfig, event: RingbackHookEvent): HookGroup[] {
  const hooks = config.hooks;
  if (!isRecord(hooks) || !Array.isArray(hooks[event])) return [];
  return hooks[event] as HookGroup[];
}

/** Our hooks for `event` in `config`, in file order. */
export function ringbackHooks(config: HookConfig, event: RingbackHookEvent = 'Stop'): CommandHook[] {
  return eventGroups(config, event).flatMap((group) =>
    isRecord(group) && Array.isArray(group.hooks)
      ? (group.hooks as CommandHook[]).filter((hook) => isRingbackHookCommand(hook?.command, event))
      : [],
  );
}

/** The number of Ringback hooks for `event` (the Stop hook by default) in `config`. */
export function countRingbackHooks(config: HookConfig, event: RingbackHookEvent = 'Stop'): number {
  return ringbackHooks(config, event).length;
}

/**
 * `config` without any Ringback hook for `events` (both by default). A group left with no hooks
 * is dropped, as is an event list left empty and a `hooks` object left empty, so uninstall
 * restores the file the user had before install.
 */
export function withoutRingbackHooks(
  config: HookConfig,
  events: readonly RingbackHookEvent[] = RINGBACK_HOOK_EVENTS,
): HookConfig {
  if (!isRecord(config.hooks)) return config;
  let hooks: Record<string, unknown> = config.hooks;
  for (const event of events) {
    if (!Array.isArray(hooks[event])) continue;
    const kept: unknown[] = [];
    for (const group of hooks[event] as unknown[]) {
      if (!isRecord(group) || !Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const handlers = (group.hooks as CommandHook[]).filter(
        (hook) => !isRingbackHookCommand(hook?.command, event),
      );
      if (handlers.length === group.hooks.length) kept.push(group);
      else if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
    }
    hooks = withEntry(hooks, event, kept.length > 0 ? kept : undefined);
  }
  return withEntry(config, 'hooks', Object.keys(hooks).length > 0 ? hooks : undefined);
}

/**
 * `record` with `key` set to `value` where it stands (so the file keeps its layout), or dropped;
 * with `add`, a missing key is added at the end.
 */
function withEntry(
  record: Record<string, unknown>,
  key: string,
  value: unknown,
  add = false,
): Record<string, unknown> {
  const entries = Object.entries(record).flatMap(([name, old]): [string, unknown][] =>
    name !== key ? [[name, old]] : value === undefined ? [] : [[name, value]],
  );
  if (add && !(key in record) && value !== undefined) entries.push([key, value]);
  return Object.fromEntries(entries);
}

/**
 * `config` with exactly one Ringback hook for `event` (Stop by default) running `command` with
 * the agent's per-hook `timeout` (seconds). An installed one is replaced where it stands (same
 * group, same place in it), the others dropped; a first one is added as the last group. Codex
 * keys its trust in a hook by that place (`…:stop:<group>:<handler>`): moving ours would make
 * Codex skip it and every user hook it shifted, until trusted again. A hook that is already
 * exactly ours is left as the very same object, so an unchanged install writes the same file.
 */
export function withRingbackHook(
  config: HookConfig,
  command: string,
  event: RingbackHookEvent = 'Stop',
  timeoutSeconds: number = STOP_HOOK_TIMEOUT_SECONDS,
): HookConfig {
  const ours = { type: 'command', command, timeout: timeoutSeconds };
  const hooks = isRecord(config.hooks) ? config.hooks : {};
  let placed = false;
  const groups: unknown[] = [];
  for (const group of Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : []) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) {
      groups.push(group);
      continue;
    }
    const existing = group.hooks as CommandHook[];
    const handlers = existing.flatMap((hook) => {
      if (!isRingbackHookCommand(hook?.command, event)) return [hook];
      if (placed) return [];
      placed = true;
      return [ours];
    });
    if (handlers.length === existing.length && handlers.every((hook, i) => hook === existing[i]))
      groups.push(group);
    else if (handlers.length > 0) groups.push({ ...group, hooks: handlers });
  }
  if (!placed) groups.push({ hooks: [ours] });
  return isRecord(config.hooks)
    ? withEntry(config, 'hooks', withEntry(hooks, event, groups, true), true)
    : { ...config, hooks: { [event]: groups } };
}

/**
 * `config` with the `timeout` of our installed hooks for `event` set to `timeoutSeconds`, each
 * where it stands; everything else, and a config without our hook, is returned as it is.
 */
export function withRingbackHookTimeout(
  config: HookConfig,
  event: RingbackHookEvent,
  timeoutSeconds: number,
): HookConfig {
  const hooks = config.hooks;
  if (!isRecord(hooks) || !Array.isArray(hooks[event])) return config;
  const groups = (hooks[event] as unknown[]).map((group) => {
    if (!isRecord(group) || !Array.isArray(group.hooks)) return group;
    return {
      ...group,
      hooks: (group.hooks as CommandHook[]).map((hook) =>
        isRingbackHookCommand(hook?.command, event) ? { ...hook, timeout: timeoutSeconds } : hook,
      ),
    };
  });
  return withEntry(config, 'hooks', withEntry(hooks, event, groups));
}

/**
 * The command an agent runs: absolute node and script paths, quoted for the shell; the
 * permission hook adds `permission` after the agent.
 */
export function hookCommand(
  nodePath: string,
  scriptPath: string,
  agent: 'claude-code' | 'codex',
  event: RingbackHookEvent = 'Stop',
): string {
  const quote = (path: string) => `"${path.replace(/(["\\$`])/g, '\\$1')}"`;
  const base = `${quote(nodePath)} ${quote(scriptPath)} hook ${agent}`;
  return event === 'PermissionRequest' ? `${base} permission` : base;
}
