import { createInterface } from 'node:readline';
import { PERMISSION_HOOK_DEADLINE_MS, RESUMED_SESSION_ENV } from './hook-constants';
import { permissionDetails } from './permission-details';
import { DEFAULT_DENY_MESSAGE, NO_ANSWER_MESSAGE } from './permission-output';
import { askDaemon } from './post-permission';
import { localPort } from './run-hook';

// `ringback hook claude-code permission-mcp`: a stdio MCP server with one tool, `approve`, that
// a Claude Code session resumed from the phone names as its `--permission-prompt-tool`. Headless
// (`-p`) Claude Code never runs the PermissionRequest hook; it asks this tool instead, and
// there is no terminal, so anything but the phone's allow is a deny. Built-ins only, as the hook.

/** The server's name in the MCP config; Claude Code calls the tool `mcp__ringback__approve`. */
export const PERMISSION_MCP_SERVER = 'ringback';
export const PERMISSION_MCP_TOOL = 'approve';
/** The session the daemon resumed, named in the MCP config's env (the tool's input lacks it). */
export const PERMISSION_MCP_SESSION_ENV = 'RINGBACK_SESSION_ID';

/** The MCP protocol versions this server speaks; it answers the client's if it is one of them. */
const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

const TOOL = {
  name: PERMISSION_MCP_TOOL,
  description: 'Asks the user on their phone, through Ringback, whether a tool may run.',
  inputSchema: {
    type: 'object',
    properties: {
      tool_name: { type: 'string' },
      input: { type: 'object' },
      tool_use_id: { type: 'string' },
    },
    required: ['tool_name', 'input'],
  },
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
type Id = string | number;

export interface PermissionMcpOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The daemon's port; read from the data dir when absent. */
  port?: number;
  deadlineMs?: number;
}

/** Claude Code's permission-prompt answer: allow with the input unchanged, or deny with words. */
export type PromptDecision =
  | { behavior: 'allow'; updatedInput: Json }
  | { behavior: 'deny'; message: string };

/**
 * One permission prompt: asks the daemon as the hook does (a resumed session), and answers
 * allow only on the phone's allow; a deny, no answer, or any failure is a deny.
 */
export async function decidePrompt(
  args: unknown,
  options: PermissionMcpOptions,
  signal?: AbortSignal,
): Promise<PromptDecision> {
  const noAnswer = { behavior: 'deny', message: NO_ANSWER_MESSAGE } as const;
  try {
    if (!isRecord(args) || typeof args.tool_name !== 'string') return noAnswer;
    const input = isRecord(args.input) ? args.input : {};
    const payload = {
      session_id: options.env[PERMISSION_MCP_SESSION_ENV],
      cwd: options.cwd,
      tool_name: args.tool_name,
      tool_input: input,
    };
    // Always a resumed session: this server only runs in the sessions Ringback resumes.
    const env = { ...options.env, [RESUMED_SESSION_ENV]: payload.session_id ?? '' };
    const details = permissionDetails('claude-code', payload, env, options.cwd);
    if (!details) return noAnswer;
    const answer = await askDaemon({
      port: options.port ?? localPort(options.env),
      agent: 'claude-code',
      body: JSON.stringify(details),
      env: options.env,
      deadlineMs: options.deadlineMs ?? PERMISSION_HOOK_DEADLINE_MS,
      ...(signal ? { signal } : {}),
    });
    if (answer?.behavior === 'allow') return { behavior: 'allow', updatedInput: input };
    if (answer?.behavior === 'deny')
      return { behavior: 'deny', message: answer.message?.trim() || DEFAULT_DENY_MESSAGE };
    return noAnswer;
  } catch {
    return noAnswer;
  }
}

/**
 * Serves MCP (JSON-RPC 2.0, one message a line) on `input`/`output` until `input` ends:
 * initialize, tools/list, tools/call of `approve`, ping. A call Claude Code cancels
 * (`notifications/cancelled`), or the end of input, stops its wait: the daemon ends the call on
 * the phone as for a hook that went away.
 */
export function servePermissionMcp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  options: PermissionMcpOptions,
): Promise<void> {
  const waiting = new Map<Id, AbortController>();
  const send = (message: Json) => output.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const fail = (id: Id | null, code: number, message: string) => send({ id, error: { code, message } });

  const call = async (id: Id, params: Json) => {
    if (params.name !== PERMISSION_MCP_TOOL) return fail(id, -32602, `unknown tool: ${String(params.name)}`);
    const controller = new AbortController();
    waiting.set(id, controller);
    const decision = await decidePrompt(params.arguments, options, controller.signal);
    waiting.delete(id);
    // A cancelled request gets no response (MCP's cancellation rule).
    if (controller.signal.aborted) return;
    send({ id, result: { content: [{ type: 'text', text: JSON.stringify(decision) }] } });
  };

  const handle = (line: string) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return fail(null, -32700, 'parse error');
    }
    if (!isRecord(message) || typeof message.method !== 'string') return;
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
    const params = isRecord(message.params) ? message.params : {};
    if (id === undefined) {
      if (message.method === 'notifications/cancelled') {
        const requestId = params.requestId;
        if (typeof requestId === 'string' || typeof requestId === 'number') waiting.get(requestId)?.abort();
      }
      return;
    }
    switch (message.method) {
      case 'initialize': {
        const asked = params.protocolVersion;
        const protocolVersion =
          typeof asked === 'string' && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
        return send({
          id,
          result: {
            protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: PERMISSION_MCP_SERVER, version: '1' },
          },
        });
      }
      case 'ping':
        return send({ id, result: {} });
      case 'tools/list':
        return send({ id, result: { tools: [TOOL] } });
      case 'tools/call':
        return void call(id, params);
      default:
        return fail(id, -32601, `method not found: ${message.method}`);
    }
  };

  return new Promise((resolve) => {
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', handle);
    lines.once('close', () => {
      for (const controller of waiting.values()) controller.abort();
      resolve();
    });
  });
}

/** `ringback hook claude-code permission-mcp`: serves on stdin/stdout until Claude Code closes it. */
export async function runPermissionMcpCommand(): Promise<void> {
  process.exitCode = 0;
  await servePermissionMcp(process.stdin, process.stdout, { env: process.env, cwd: process.cwd() });
  process.exit(0);
}
