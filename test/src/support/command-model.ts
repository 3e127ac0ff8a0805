import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the agent sent back after running (or being refused) the tool the model asked for. */
export interface ToolOutcome {
  agent: 'claude-code' | 'codex';
  /** The tool result's text as the model received it. */
  text: string;
  /** Claude Code's `is_error`; Codex has none (its refusals are plain output text). */
  isError: boolean | null;
}

export interface CommandModel {
  url: string;
  outcomes: ToolOutcome[];
  /** The bodies of the requests from Codex's reviewer model (`approvals_reviewer = "auto_review"`). */
  reviews: string[];
  close: () => Promise<void>;
}

const RUN = /^RUN (.+)$/m;

/**
 * A fake model speaking just enough of Anthropic's Messages API and OpenAI's Responses API: a
 * user message `RUN <command>` makes it call the agent's shell tool with that command (Claude
 * Code's Bash; Codex's exec_command asking to run outside its sandbox, which needs approval),
 * and records the tool result the agent sends back. Requests without the shell tool (title
 * generation) get plain text, and so do Codex's reviewer's (recorded; plain text is no verdict,
 * so Codex refuses the action).
 */
export async function startCommandModel(): Promise<CommandModel> {
  const outcomes: ToolOutcome[] = [];
  const reviews: string[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      // Codex names the sub-agent a request is for; its reviewer is "guardian".
      if (request.headers['x-openai-subagent'] === 'guardian') {
        reviews.push(raw);
        return responses({ input: [] }, response, outcomes);
      }
      if (request.url?.includes('/messages') && !request.url.includes('count_tokens'))
        return anthropic(body, response, outcomes);
      if (request.url?.includes('/responses')) return responses(body, response, outcomes);
      response.writeHead(request.url?.includes('count_tokens') ? 200 : 404, {
        'content-type': 'application/json',
      });
      response.end('{"input_tokens":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    outcomes,
    reviews,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface AnthropicPart {
  type: string;
  text?: string;
  content?: unknown;
  is_error?: boolean;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('\n');
  return JSON.stringify(content ?? '');
}

function anthropic(
  body: {
    model: string;
    stream?: boolean;
    tools?: { name?: string }[];
    messages: { role: string; content: unknown }[];
  },
  response: ServerResponse,
  outcomes: ToolOutcome[],
) {
  // Claude Code may append system reminders after the user's turn: read the user's last message.
  const last = [...body.messages].reverse().find((message) => message.role === 'user');
  const parts: AnthropicPart[] = Array.isArray(last?.content) ? (last.content as AnthropicPart[]) : [];
  const text =
    typeof last?.content === 'string'
      ? last.content
      : parts
          .filter((part) => part.type === 'text')
          .map((part) => part.text ?? '')
          .join('\n');
  const hasShell = (body.tools ?? []).some((tool) => tool.name === 'Bash');
  const run = hasShell ? RUN.exec(text) : null;
  const result = parts.find((part) => part.type === 'tool_result');
  if (!run && result && hasShell)
    outcomes.push({
      agent: 'claude-code',
      text: resultText(result.content),
      isError: result.is_error === true,
    });
  const block = run
    ? {
        type: 'tool_use',
        id: `toolu_${Date.now()}`,
        name: 'Bash',
        input: { command: run[1], description: 'Run the command you asked for' },
      }
    : { type: 'text', text: result ? 'Noted.' : 'Shall I go on?' };
  const stop = run ? 'tool_use' : 'end_turn';
  const message = {
    id: `msg_${Date.now()}`,
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [block],
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify(message));
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (event: string, data: object) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } });
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} },
  });
  send('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta:
      block.type === 'text'
        ? { type: 'text_delta', text: block.text }
        : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
  });
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 1 },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

interface ResponsesItem {
  type: string;
  role?: string;
  content?: { text?: string }[];
  output?: unknown;
}

function responses(
  body: { input: ResponsesItem[]; tools?: { name?: string }[] },
  response: ServerResponse,
  outcomes: ToolOutcome[],
) {
  const last = body.input.at(-1);
  const names = (body.tools ?? []).map((tool) => tool.name);
  const tool = names.includes('exec_command') ? 'exec_command' : names.includes('shell') ? 'shell' : null;
  const result = last?.type === 'function_call_output' ? last : null;
  if (result && tool) outcomes.push({ agent: 'codex', text: resultText(result.output), isError: null });
  const user = [...body.input].reverse().find((item) => item.type === 'message' && item.role === 'user');
  const run =
    result || !tool ? null : RUN.exec((user?.content ?? []).map((part) => part.text ?? '').join('\n'));
  // `require_escalated`: run outside the sandbox, which under approval_policy "on-request"
  // needs the user's approval, the path Codex's PermissionRequest hook runs on.
  const escalated = {
    sandbox_permissions: 'require_escalated',
    justification: 'Run the command you asked for',
  };
  const item = run
    ? {
        type: 'function_call',
        id: `fc_${Date.now()}`,
        call_id: `call_${Date.now()}`,
        name: tool,
        arguments: JSON.stringify(
          tool === 'exec_command'
            ? { cmd: run[1], ...escalated }
            : { command: ['bash', '-lc', run[1]], ...escalated },
        ),
      }
    : {
        type: 'message',
        role: 'assistant',
        id: `msg_${Date.now()}`,
        content: [{ type: 'output_text', text: result ? 'Noted.' : 'Shall I go on?', annotations: [] }],
      };
  const id = `resp_${Date.now()}`;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const data of [
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.done', output_index: 0, item },
    {
      type: 'response.completed',
      response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
    },
  ])
    response.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  response.end();
}
