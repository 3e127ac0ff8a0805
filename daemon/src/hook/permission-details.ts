// What a PermissionRequest hook payload asks, as the daemon takes it (`PermissionRequestDetails`
// in @ringback/protocol, repeated here: the hook imports nothing of ours beyond this folder;
// permission-details.test.ts checks the two agree).

import { isResumedSession } from './resumed-session';

export type HookAgent = 'claude-code' | 'codex';

export interface PermissionRequestDetails {
  source: HookAgent;
  sessionId: string;
  cwd: string;
  toolName: string;
  action: 'command' | 'file' | 'network' | 'tool';
  subject: string;
  description: string | null;
  resumed: boolean;
  /** For a file: the change it would make (see `fileChange`); absent for other actions. */
  change?: string;
  /** For a network request: the command that wants to reach the subject, when one does. */
  command?: string;
  /** `false` when a field was cut or the subject inferred; absent when the request is whole. */
  complete?: boolean;
}

/** The schema's length limits, in UTF-16 units (never more than its code-point count). */
const LIMITS = {
  sessionId: 256,
  cwd: 4096,
  toolName: 200,
  subject: 16 * 1024,
  description: 4096,
  change: 16 * 1024,
  command: 16 * 1024,
};

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Cuts to `limit` without splitting a surrogate pair, marking the cut. */
export function cut(value: string, limit: number): string {
  if (value.length <= limit) return value;
  let end = limit - 1;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}…`;
}

/** Claude Code's file tools and where each names its file. */
const CLAUDE_FILE_TOOLS: Record<string, string> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

/** A tool input in short, for tools whose input is not one command, file or address. */
function compact(input: unknown): string {
  if (input === undefined) return '';
  try {
    return JSON.stringify(input) ?? '';
  } catch {
    return '';
  }
}

/**
 * What the agent asks; `inferred` when the subject was read out of other fields, not given as
 * such, or when what an allow would let happen could not be read (a file tool's change).
 */
type Asked = Pick<PermissionRequestDetails, 'action' | 'subject' | 'description' | 'change' | 'command'> & {
  inferred?: true;
};

/** Lines out (`- `) then lines in (`+ `); an empty side has none. */
function editLines(out: string, into: string): string {
  const side = (value: string, mark: string) =>
    value === '' ? [] : value.split('\n').map((line) => mark + line);
  return [...side(out, '- '), ...side(into, '+ ')].join('\n');
}

/** The input fields each Claude Code file tool has (2.1.197): any other may change what it does. */
const FILE_TOOL_FIELDS: Record<string, readonly string[]> = {
  Write: ['file_path', 'content'],
  Edit: ['file_path', 'old_string', 'new_string', 'replace_all'],
  MultiEdit: ['file_path', 'edits'],
  NotebookEdit: ['notebook_path', 'cell_id', 'cell_type', 'edit_mode', 'new_source'],
};
const EDIT_FIELDS = ['old_string', 'new_string', 'replace_all'];

const onlyFields = (input: Record_, known: readonly string[]) =>
  Object.keys(input).every((field) => known.includes(field));

/** One edit: its lines out and in, marked when every occurrence changes; null when unreadable. */
function editChange(fields: Record_): string | null {
  if (!onlyFields(fields, EDIT_FIELDS)) return null;
  if (typeof fields.old_string !== 'string' || typeof fields.new_string !== 'string') return null;
  if (fields.replace_all !== undefined && typeof fields.replace_all !== 'boolean') return null;
  const lines = editLines(fields.old_string, fields.new_string);
  return fields.replace_all === true ? `@@ every occurrence @@\n${lines}` : lines;
}

/** A notebook edit: a line naming what happens to which cell, then the cell's new source. */
function notebookChange(input: Record_): string | null {
  const cell = text(input.cell_id);
  const type = input.cell_type === 'code' || input.cell_type === 'markdown' ? `${input.cell_type} ` : '';
  if (input.cell_type !== undefined && type === '') return null;
  const source = typeof input.new_source === 'string' ? input.new_source : null;
  switch (input.edit_mode ?? 'replace') {
    case 'replace':
      return cell && source !== null ? `@@ replace ${type}cell ${cell} @@\n${source}` : null;
    case 'insert':
      if (source === null) return null;
      return `@@ insert a ${type}cell ${cell ? `after ${cell}` : 'at the start'} @@\n${source}`;
    case 'delete':
      return cell ? `@@ delete cell ${cell} @@` : null;
    default:
      return null;
  }
}

/**
 * The change a Claude Code file tool would make, as the phone shows it: a Write's whole new
 * content, an Edit's lines out and in (marked when every occurrence changes), a MultiEdit's edits
 * one after the other, a notebook edit's cell and new source. Null when the input does not say it
 * all (a field this hook does not know, a value of another type): the phone then shows only the
 * path, and may only deny.
 */
function fileChange(toolName: string, input: Record_): string | null {
  const known = FILE_TOOL_FIELDS[toolName];
  if (!known || !onlyFields(input, known)) return null;
  switch (toolName) {
    case 'Write':
      return typeof input.content === 'string' ? input.content : null;
    case 'Edit': {
      const { file_path: _path, ...edit } = input;
      return editChange(edit);
    }
    case 'MultiEdit': {
      if (!Array.isArray(input.edits) || input.edits.length === 0) return null;
      const edits = input.edits.map((each) => (isRecord(each) ? editChange(each) : null));
      return edits.every((each) => each !== null) ? edits.join('\n\n') : null;
    }
    default:
      return notebookChange(input);
  }
}

/**
 * Claude Code (checked against 2.1.197): `tool_input` is the tool's own input: Bash
 * `{command, description}`, Write/Edit `{file_path, …}`, WebFetch `{url, prompt}`, an MCP tool
 * its arguments.
 */
function claudeAsks(toolName: string, input: Record_): Asked {
  const description = text(input.description) ?? null;
  if (toolName === 'Bash' && text(input.command))
    return { action: 'command', subject: input.command as string, description };
  const pathField = CLAUDE_FILE_TOOLS[toolName];
  if (pathField && text(input[pathField])) {
    const change = fileChange(toolName, input);
    // Without the change the phone would show only the path: it may deny, never allow.
    if (change === null)
      return { action: 'file', subject: input[pathField] as string, description, inferred: true };
    return { action: 'file', subject: input[pathField] as string, description, change };
  }
  if (toolName === 'WebFetch' && text(input.url))
    return { action: 'network', subject: input.url as string, description: text(input.prompt) ?? null };
  return { action: 'tool', subject: compact(input), description };
}

/** An argument that reads the same joined with spaces into a command line. */
const PLAIN_ARG = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Codex's own words for a network approval, in `description`: `network-access <target>`, the
 * target `<protocol>://<host>:<port>` of its network proxy (http, https, socks5-tcp, socks5-udp).
 */
const CODEX_NETWORK_ACCESS =
  /^network-access ((?:https?|socks5-tcp|socks5-udp):\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5})$/;

/**
 * Codex (checked against 0.169): shell approvals come as `tool_name: "Bash"` with
 * `tool_input.command` (the command line) and `tool_input.description` (the model's
 * justification). A network approval comes the same way: `command` is the command that wants
 * the network (Codex's own words again when no one command does), `description` Codex's
 * `network-access <target>`. A model may write those words as its justification of a command:
 * the command is then shown whole beside the target, and an allow lets no more than that command
 * run and reach the target, both seen. Words not in Codex's exact form are a justification.
 */
function codexAsks(toolName: string, input: Record_): Asked {
  const description = text(input.description) ?? null;
  const argv = Array.isArray(input.command) ? input.command : undefined;
  const command = text(input.command) ?? argv?.join(' ');
  // Joined with spaces, an argument list says where each argument ends only when none holds a
  // space, a quote or another character a shell reads.
  const joinedAmbiguously =
    argv !== undefined && !argv.every((arg) => typeof arg === 'string' && PLAIN_ARG.test(arg));
  const target = description ? CODEX_NETWORK_ACCESS.exec(description)?.[1] : undefined;
  // Deny-only on the phone: the words may be the model's own (then an allow runs the command,
  // maybe outside the sandbox), and an app older than the `command` field would show the target alone.
  if (target)
    return {
      action: 'network',
      subject: target,
      description: null,
      ...(command ? { command } : {}),
      inferred: true,
    };
  if (command)
    return {
      action: 'command',
      subject: command,
      description,
      ...(joinedAmbiguously ? { inferred: true } : {}),
    };
  const path = text(input.file_path) ?? text(input.path);
  if (path) return { action: 'file', subject: path, description, inferred: true };
  return { action: 'tool', subject: compact(input), description: description ?? (toolName || null) };
}

/**
 * The request to hand the daemon, or null when the payload names no session or tool (nothing
 * a phone could decide on). `resumed`: Ringback started this session after a reply from the
 * phone (`RINGBACK_RESUMED_SESSION` names it), so nobody is at its terminal.
 */
export function permissionDetails(
  agent: HookAgent,
  payload: unknown,
  env: NodeJS.ProcessEnv,
  fallbackCwd: string,
): PermissionRequestDetails | null {
  if (!isRecord(payload)) return null;
  const sessionId = text(payload.session_id) ?? text(payload.thread_id);
  const toolName = text(payload.tool_name);
  if (!sessionId || !toolName) return null;
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  const asked = agent === 'claude-code' ? claudeAsks(toolName, input) : codexAsks(toolName, input);
  const cwd = text(payload.cwd) ?? fallbackCwd;
  // Anything cut or inferred: the phone shows less than the agent asks, so it may only deny.
  const partial =
    asked.inferred === true ||
    sessionId.length > LIMITS.sessionId ||
    cwd.length > LIMITS.cwd ||
    toolName.length > LIMITS.toolName ||
    asked.subject.length > LIMITS.subject ||
    (asked.description?.length ?? 0) > LIMITS.description ||
    (asked.change?.length ?? 0) > LIMITS.change ||
    (asked.command?.length ?? 0) > LIMITS.command;
  return {
    source: agent,
    sessionId: cut(sessionId, LIMITS.sessionId),
    cwd: cut(cwd, LIMITS.cwd),
    toolName: cut(toolName, LIMITS.toolName),
    action: asked.action,
    subject: cut(asked.subject, LIMITS.subject),
    description: asked.description === null ? null : cut(asked.description, LIMITS.description),
    resumed: isResumedSession(env, sessionId),
    ...(asked.change === undefined ? {} : { change: cut(asked.change, LIMITS.change) }),
    ...(asked.command === undefined ? {} : { command: cut(asked.command, LIMITS.command) }),
    ...(partial ? { complete: false } : {}),
  };
}
