import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { answerSigner } from './answer-signer';
import { servePermissionMcp } from './permission-mcp';
import { DEFAULT_DENY_MESSAGE, NO_ANSWER_MESSAGE } from './permission-output';

/** The daemon's answer key, in the data dir the server finds the daemon by. */
const signer = answerSigner();
afterAll(() => signer.remove());

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A stand-in for the daemon's `POST /permission-request`. */
async function daemon(answer: ((response: ServerResponse, request: IncomingMessage) => void) | 'hold') {
  const received: { url: string; body: Record<string, unknown> }[] = [];
  const closed: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        body: JSON.parse(signer.open(request, Buffer.concat(chunks)) ?? ''),
      });
      if (answer !== 'hold') answer(response, request);
    });
    request.socket.on('close', () => closed.push(request.url ?? ''));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, closed };
}

/** The daemon's answer, MACed as the real one's; `forged` leaves the MAC out. */
const decided =
  (decision: { behavior: 'allow' | 'deny'; message?: string } | null, reason = 'decided', forged = false) =>
  (response: ServerResponse, request: IncomingMessage) => {
    const mac = decision && !forged ? signer.headers(request, decision) : {};
    response.writeHead(200, { 'content-type': 'application/json', ...mac });
    response.end(JSON.stringify({ decision, reason }));
  };

/** The server on in-memory stdio, as Claude Code drives it. */
function mcp(port: number | undefined) {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: Record<string, unknown>[] = [];
  let pending = '';
  output.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) messages.push(JSON.parse(line));
  });
  const served = servePermissionMcp(input, output, {
    env: { RINGBACK_SESSION_ID: 'session-1', ...signer.env },
    cwd: '/work/billing-api',
    port,
    deadlineMs: 5_000,
  });
  const send = (message: object) => input.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const reply = async (id: number) => {
    await expect.poll(() => messages.find((message) => message.id === id), { timeout: 5_000 }).toBeTruthy();
    return messages.find((message) => message.id === id) as Record<string, unknown>;
  };
  return { input, messages, served, send, reply };
}

const BASH = { command: 'npm publish', description: 'Publish the package' };
/** What Claude Code 2.1.197 sends the permission-prompt tool. */
const callApprove = (id: number, input: object = BASH) => ({
  id,
  method: 'tools/call',
  params: {
    name: 'approve',
    arguments: { tool_name: 'Bash', input, tool_use_id: 'toolu_1' },
    _meta: { 'claudecode/toolUseId': 'toolu_1', progressToken: id },
  },
});
const decisionIn = (reply: Record<string, unknown>) =>
  JSON.parse(((reply.result as { content: { text: string }[] }).content[0] as { text: string }).text);

describe('the permission-prompt MCP server', () => {
  it('introduces itself and lists its one tool, as Claude Code asks', async () => {
    const server = mcp(undefined);
    server.send({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'claude-code' } },
    });
    expect((await server.reply(0)).result).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'ringback' },
    });
    server.send({ method: 'notifications/initialized' });
    server.send({ id: 1, method: 'tools/list' });
    const tools = ((await server.reply(1)).result as { tools: { name: string; inputSchema: object }[] })
      .tools;
    expect(tools.map((tool) => tool.name)).toEqual(['approve']);
    expect(tools[0]?.inputSchema).toMatchObject({ required: ['tool_name', 'input'] });
    server.send({ id: 2, method: 'ping' });
    expect((await server.reply(2)).result).toEqual({});
    server.send({ id: 3, method: 'resources/list' });
    expect((await server.reply(3)).error).toMatchObject({ code: -32601 });
    // Only the answers: a notification gets none.
    expect(server.messages.map((message) => message.id)).toEqual([0, 1, 2, 3]);
    server.input.end();
    await server.served;
  });

  it("asks the daemon as a resumed session's request, and allows with the input unchanged on the phone's allow", async () => {
    const stand = await daemon(decided({ behavior: 'allow' }));
    const server = mcp(stand.port);
    server.send(callApprove(7));
    expect(decisionIn(await server.reply(7))).toEqual({ behavior: 'allow', updatedInput: BASH });
    expect(stand.received).toEqual([
      {
        url: '/permission-request?agent=claude-code',
        body: {
          source: 'claude-code',
          sessionId: 'session-1',
          cwd: '/work/billing-api',
          toolName: 'Bash',
          action: 'command',
          subject: 'npm publish',
          description: 'Publish the package',
          resumed: true,
        },
      },
    ]);
    server.input.end();
    await server.served;
  });

  it("denies with the phone's words, or the default words", async () => {
    const stand = await daemon(decided({ behavior: 'deny', message: ' Not before Monday. ' }));
    const server = mcp(stand.port);
    server.send(callApprove(1));
    expect(decisionIn(await server.reply(1))).toEqual({ behavior: 'deny', message: 'Not before Monday.' });
    const plain = await daemon(decided({ behavior: 'deny' }));
    const other = mcp(plain.port);
    other.send(callApprove(1));
    expect(decisionIn(await other.reply(1))).toEqual({ behavior: 'deny', message: DEFAULT_DENY_MESSAGE });
    server.input.end();
    other.input.end();
  });

  it('denies, never allows, when nobody answered, the daemon is down or says anything else', async () => {
    const noDecision = await daemon(decided(null, 'timeout'));
    // Another program on the daemon's port, without the daemon's MAC.
    const forged = await daemon(decided({ behavior: 'allow' }, 'decided', true));
    const broken = await daemon((response) => {
      response.writeHead(500);
      response.end('{"decision":{"behavior":"allow"}}');
    });
    const down = await daemon(decided({ behavior: 'allow' }));
    const downPort = down.port;
    await new Promise((resolve) => servers.pop()?.close(resolve));
    for (const port of [noDecision.port, forged.port, broken.port, downPort]) {
      const server = mcp(port);
      server.send(callApprove(1));
      expect(decisionIn(await server.reply(1))).toEqual({ behavior: 'deny', message: NO_ANSWER_MESSAGE });
      server.input.end();
    }
    // A call naming no tool asks nothing.
    const server = mcp(noDecision.port);
    server.send({ id: 2, method: 'tools/call', params: { name: 'approve', arguments: { input: {} } } });
    expect(decisionIn(await server.reply(2))).toEqual({ behavior: 'deny', message: NO_ANSWER_MESSAGE });
    expect(noDecision.received).toHaveLength(1);
    server.input.end();
  });

  it('lets go of the daemon when Claude Code cancels the call or closes the server', async () => {
    const stand = await daemon('hold');
    const server = mcp(stand.port);
    server.send(callApprove(4));
    await expect.poll(() => stand.received.length).toBe(1);
    server.send({ method: 'notifications/cancelled', params: { requestId: 4, reason: 'interrupted' } });
    await expect.poll(() => stand.closed).toEqual(['/permission-request?agent=claude-code']);
    server.send(callApprove(5));
    await expect.poll(() => stand.received.length).toBe(2);
    server.input.end();
    await server.served;
    await expect.poll(() => stand.closed).toHaveLength(2);
    // A cancelled call gets no answer.
    expect(server.messages.filter((message) => message.id === 4)).toEqual([]);
  });
});
