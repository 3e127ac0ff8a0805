// Pure edits of an agent's hook configuration. Claude Code (`~/.claude/settings.json`) and
// Codex (`~/.codex/hooks.json`) share the shape
//   { "hooks": { "Stop": [ { "matcher"?: …, "hooks": [ { "type": "command", "command": … } ] } ] } }
// so one set of functions serves both. Everything that is not a Ringback hook is kept as is.

export type HookConfig = Record<string, unknown>;

interface CommandHook {
  type?: unknown;
  command?: unknown;
  [key: string]: unknown;
}

interface HookGroup {
  hooks?: unknown;
  [key: string]: unknown;
}

/** Seconds an agent waits for the hook; the hook gives up on its own after 5 s. */
const HOOK_TIMEOUT_SECONDS = 10;

/**
 * Whether a hook command is one of ours: the current `… ringback.mjs" hook <agent>`, a global
 * `ringback hook <agent>`, or the legacy standalone `ringback-hook` tool.
 */
export function isRingbackHookCommand(command: unknown): boolean {
  if (typeof command !== 'string') return false;
  return /ringback(?:\.mjs)?["']?\s+hook\b/i.test(command) || /\bringback-hook\b/i.test(command);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stopGroups(config: HookConfig): HookGroup[] {
  const hooks = config.hooks;
  if (!isRecord(hooks) || !Array.isArray(hooks.Stop)) return [];
  return hooks.Stop as HookGroup[];
}

/** The number of Ringback Stop hooks in `config`. */
export function countRingbackHooks(config: HookConfig): number {
  let count = 0;
  for (const group of stopGroups(config)) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) continue;
    count += (group.hooks as CommandHook[]).filter((hook) => isRingbackHookCommand(hook?.command)).length;
  }
  return count;
}

/**
 * `config` without any Ringback Stop hook. A group left with no hooks is dropped, as is a
 * `Stop` list left empty and a `hooks` object left empty, so uninstall restores the file the
 * user had before install.
 */
export function withoutRingbackHooks(config: HookConfig): HookConfig {
  const hooks = config.hooks;
  if (!isRecord(hooks) || !Array.isArray(hooks.Stop)) return config;
  const stop: unknown[] = [];
  for (const group of hooks.Stop as unknown[]) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) {
      stop.push(group);
      continue;
    }
    const kept = (group.hooks as CommandHook[]).filter((hook) => !isRingbackHookCommand(hook?.command));
    if (kept.length === group.hooks.length) stop.push(group);
    else if (kept.length > 0) stop.push({ ...group, hooks: kept });
  }
  const nextHooks = withEntry(hooks, 'Stop', stop.length > 0 ? stop : undefined);
  return withEntry(config, 'hooks', Object.keys(nextHooks).length > 0 ? nextHooks : undefined);
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
 * `config` with exactly one Ringback Stop hook running `command`. An installed one is replaced
 * where it stands (same group, same place in it), the others dropped; a first one is added as
 * the last group. Codex keys its trust in a hook by that place (`…:stop:<group>:<handler>`):
 * moving ours would make Codex skip it and every user hook it shifted, until trusted again.
 */
export function withRingbackHook(config: HookConfig, command: string): HookConfig {
  const ours = { type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS };
  const hooks = isRecord(config.hooks) ? config.hooks : {};
  let placed = false;
  const stop: unknown[] = [];
  for (const group of Array.isArray(hooks.Stop) ? (hooks.Stop as unknown[]) : []) {
    if (!isRecord(group) || !Array.isArray(group.hooks)) {
      stop.push(group);
      continue;
    }
    const existing = group.hooks as CommandHook[];
    const handlers = existing.flatMap((hook) => {
      if (!isRingbackHookCommand(hook?.command)) return [hook];
      if (placed) return [];
      placed = true;
      return [ours];
    });
    if (handlers.length === existing.length && handlers.every((hook, i) => hook === existing[i]))
      stop.push(group);
    else if (handlers.length > 0) stop.push({ ...group, hooks: handlers });
  }
  if (!placed) stop.push({ hooks: [ours] });
  return isRecord(config.hooks)
    ? withEntry(config, 'hooks', withEntry(hooks, 'Stop', stop, true), true)
    : { ...config, hooks: { Stop: stop } };
}

/** The command an agent runs: absolute node and script paths, quoted for the shell. */
export function hookCommand(nodePath: string, scriptPath: string, agent: 'claude-code' | 'codex'): string {
  const quote = (path: string) => `"${path.replace(/(["\\$`])/g, '\\$1')}"`;
  return `${quote(nodePath)} ${quote(scriptPath)} hook ${agent}`;
}
