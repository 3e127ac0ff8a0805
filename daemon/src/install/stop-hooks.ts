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

/** `record` with `key` set to `value` where it stands (so the file keeps its layout), or dropped. */
function withEntry(record: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([name, old]) =>
      name !== key ? [[name, old]] : value === undefined ? [] : [[name, value]],
    ),
  );
}

/** `config` with exactly one Ringback Stop hook running `command`. */
export function withRingbackHook(config: HookConfig, command: string): HookConfig {
  const cleaned = withoutRingbackHooks(config);
  const hooks = isRecord(cleaned.hooks) ? cleaned.hooks : {};
  const stop = Array.isArray(hooks.Stop) ? hooks.Stop : [];
  const ours = { hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] };
  return { ...cleaned, hooks: { ...hooks, Stop: [...stop, ours] } };
}

/** The command an agent runs: absolute node and script paths, quoted for the shell. */
export function hookCommand(nodePath: string, scriptPath: string, agent: 'claude-code' | 'codex'): string {
  const quote = (path: string) => `"${path.replace(/(["\\$`])/g, '\\$1')}"`;
  return `${quote(nodePath)} ${quote(scriptPath)} hook ${agent}`;
}
