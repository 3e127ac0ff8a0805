import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** How far back the transcript is read at the start: the asked tool's call is written last. */
const LOOKBACK_BYTES = 1024 * 1024;
/** Claude Code writes the tool's result when the tool ends; a quarter second is soon enough. */
const POLL_MS = 250;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so two equal inputs compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Whether a call in the transcript is the one asked about: same tool, same input. */
function sameCall(input: unknown, asked: Json): boolean {
  if (!isRecord(input)) return false;
  if (canonical(input) === canonical(asked)) return true;
  // The hook's payload may carry fields the model did not write; every field it wrote must agree.
  const keys = Object.keys(input);
  return keys.length > 0 && keys.every((key) => canonical(input[key]) === canonical(asked[key]));
}

const contentParts = (entry: Json): Json[] => {
  const message = entry.message;
  return isRecord(message) && Array.isArray(message.content) ? message.content.filter(isRecord) : [];
};

export interface ToolSettledWatch {
  /** Resolves once the transcript shows the tool ran or was refused; never rejects. */
  settled: Promise<void>;
  stop: () => void;
}

/**
 * A Yes pressed at the terminal before the hook process started (Node takes a few hundred ms to
 * start) leaves a result dated just before the hook's start: within this much it may be ours.
 */
const EARLY_YES_MS = 1_000;

export interface ToolSettledOptions {
  /**
   * Whether Claude Code's dialog is known to be still asking (its session status). A result
   * dated before the hook started settles the call only when this says no.
   */
  stillAsking?: () => boolean;
}

/** One `tool_use` of the asked tool with the asked input, in transcript order. */
interface IdenticalCall {
  id: string;
  /** When its `tool_result` was written (ms), once it was. */
  resultAt?: number;
}

/**
 * Watches a Claude Code session's transcript (JSONL) for the outcome of the tool call a
 * PermissionRequest hook was asked about. Claude Code (checked with 2.1.197) shows its own
 * dialog beside the running hook; answering No there ends the hook, but Yes does not. What Yes
 * leaves is in the transcript: the call's `tool_result`, written when the tool has run (nothing
 * is written while the dialog waits).
 *
 * The hook's input names no `tool_use` id, and the model may ask for the same call twice in one
 * answer: Claude Code then asks about them one after the other, each once the one before has run.
 * So the asked call is the first identical `tool_use` with no result dated before the hook
 * started (an earlier one's result is older than this request), and only its own result settles
 * the watch. When every identical call already has a result, the latest one, dated at most
 * `EARLY_YES_MS` before the hook started, is ours (Yes pressed before the hook started), unless the
 * dialog is known to be still asking. A transcript that cannot be read never settles.
 */
export function watchClaudeToolSettled(
  transcriptPath: string,
  toolName: string,
  toolInput: Json,
  startedAt: number,
  options: ToolSettledOptions = {},
): ToolSettledWatch {
  const calls: IdenticalCall[] = [];
  /** Where the next read starts; -1 until the transcript is first seen. */
  let offset = -1;
  /** The bytes of a line not yet whole. */
  let carry = Buffer.alloc(0);
  /** Started mid-file: the first piece read may be the end of a line, not a whole entry. */
  let skipFirst = false;
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  let resolve: () => void = () => undefined;
  const settled = new Promise<void>((done) => {
    resolve = done;
  });

  /** Reads one JSONL line into `calls`. */
  const readLine = (line: string): void => {
    if (!line.includes('"tool_use"') && !line.includes('"tool_result"')) return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (!isRecord(entry)) return;
    for (const part of contentParts(entry)) {
      if (part.type === 'tool_use' && part.name === toolName && typeof part.id === 'string') {
        if (sameCall(part.input, toolInput) && !calls.some((call) => call.id === part.id))
          calls.push({ id: part.id });
      } else if (part.type === 'tool_result') {
        const call = calls.find((known) => known.id === part.tool_use_id);
        if (!call || call.resultAt !== undefined) continue;
        const at = typeof entry.timestamp === 'string' ? Date.parse(entry.timestamp) : Number.NaN;
        // An undated result was written now, as far as this watch can tell.
        call.resultAt = Number.isNaN(at) ? Date.now() : at;
      }
    }
  };

  /** Whether the transcript read so far shows the asked call settled. */
  const isSettled = (): boolean => {
    const ours = calls.find((call) => call.resultAt === undefined || call.resultAt >= startedAt);
    if (ours) return ours.resultAt !== undefined;
    const latest = Math.max(...calls.map((call) => call.resultAt ?? Number.NEGATIVE_INFINITY));
    return latest >= startedAt - EARLY_YES_MS && !(options.stillAsking?.() ?? false);
  };

  /** Reads what was appended since the last read. */
  const read = () => {
    let size: number;
    try {
      size = statSync(transcriptPath).size;
    } catch {
      // A new session's transcript may be written only after its first request.
      if (offset < 0) offset = 0;
      return;
    }
    if (offset < 0) {
      offset = Math.max(0, size - LOOKBACK_BYTES);
      skipFirst = offset > 0;
    }
    if (size <= offset) return;
    const chunk = Buffer.alloc(size - offset);
    let fd: number | undefined;
    try {
      fd = openSync(transcriptPath, 'r');
      readSync(fd, chunk, 0, chunk.length, offset);
    } catch {
      return;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    offset = size;
    let bytes = Buffer.concat([carry, chunk]);
    for (let newline = bytes.indexOf(10); newline >= 0; newline = bytes.indexOf(10)) {
      const line = bytes.subarray(0, newline).toString('utf8');
      bytes = bytes.subarray(newline + 1);
      if (skipFirst) {
        skipFirst = false;
        continue;
      }
      readLine(line);
    }
    carry = Buffer.from(bytes);
  };

  // Evaluated on every tick, not only on new lines: the dialog's status may change alone.
  const poll = () => {
    read();
    if (!isSettled()) return;
    stop();
    resolve();
  };

  const stop = () => {
    done = true;
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  poll();
  if (!done) timer = setInterval(poll, POLL_MS);
  return { settled, stop };
}
