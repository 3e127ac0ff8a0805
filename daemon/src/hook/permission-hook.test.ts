import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answerMac } from './answer-mac';
import { type AnswerSigner, answerSigner } from './answer-signer';
import { runPermissionHook } from './permission-hook';
import { DEFAULT_DENY_MESSAGE, decisionOutput, NO_ANSWER_MESSAGE } from './permission-output';
import { readPermissionAnswer } from './post-permission';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const claudePayload = fixture('claude-code-permission-bash.json');
const codexPayload = fixture('codex-permission-exec.json');
const CODEX_SESSION = JSON.parse(codexPayload).session_id as string;

interface Received {
  url: string;
  body: unknown;
}

const servers: Server[] = [];
const signers: AnswerSigner[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const signer of signers.splice(0)) signer.remove();
});

type Answer = (response: ServerResponse, request: IncomingMessage, signer: AnswerSigner) => void;

/**
 * A stand-in for the daemon's `POST /permission-request`, answering as `answer` says, with a data
 * dir holding its answer key (the hook's `env`).
 */
async function daemon(answer: Answer, { restartsAtFirstRequest = false } = {}) {
  const received: Received[] = [];
  const closed: string[] = [];
  let arrived = 0;
  const signer = answerSigner();
  signers.push(signer);
  const server = createServer((request, response) => {
    arrived += 1;
    // The daemon restarted after the hook read its key: a new key is in force, and in the file.
    if (restartsAtFirstRequest && arrived === 1) signer.rotate();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = signer.open(request, Buffer.concat(chunks));
      // As the daemon's route: a request its key does not open is refused before any answer.
      if (body === null) return unsigned(400, { error: 'invalid_request' })(response, request, signer);
      received.push({ url: request.url ?? '', body: JSON.parse(body) });
      answer(response, request, signer);
    });
    request.socket.on('close', () => closed.push(request.url ?? ''));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    env: signer.env,
    received,
    closed,
    signer,
    arrived: () => arrived,
  };
}

/** An answer without the daemon's MAC: what any program on the port can send. */
const unsigned =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

/** The daemon's answer: MACed over the request's nonce and its decision, as the real one does. */
const json =
  (status: number, body: unknown): Answer =>
  (response, request, signer) => {
    const decision = (body as { decision?: unknown } | null)?.decision;
    const signed =
      typeof decision === 'object' && decision !== null
        ? signer.headers(request, decision as { behavior: 'allow' | 'deny'; message?: string })
        : {};
    unsigned(status, body, signed)(response, request, signer);
  };

const options = (
  stand: { port: number; env: NodeJS.ProcessEnv },
  extra: Partial<Parameters<typeof runPermissionHook>[2]> = {},
) => ({
  cwd: '/tmp',
  port: stand.port,
  deadlineMs: 5_000,
  ...extra,
  env: { ...stand.env, ...extra.env },
});

/** The decision shapes the agents accept (Claude Code's hooks reference; Codex's output schema). */
const ALLOW = { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } };
const deny = (message: string) => ({
  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message } },
});

describe('decisionOutput', () => {
  it('prints the PermissionRequest decision each agent reads, and nothing more', () => {
    for (const agent of ['claude-code', 'codex'] as const) {
      expect(JSON.parse(decisionOutput(agent, { behavior: 'allow' }))).toEqual(ALLOW);
      // An allow never carries words (Codex refuses unknown decision fields as a whole).
      expect(JSON.parse(decisionOutput(agent, { behavior: 'allow', message: 'sure' }))).toEqual(ALLOW);
      expect(JSON.parse(decisionOutput(agent, { behavior: 'deny', message: ' Not on a Friday. ' }))).toEqual(
        deny('Not on a Friday.'),
      );
      expect(JSON.parse(decisionOutput(agent, { behavior: 'deny' }))).toEqual(deny(DEFAULT_DENY_MESSAGE));
      expect(JSON.parse(decisionOutput(agent, { behavior: 'deny', message: '  ' }))).toEqual(
        deny(DEFAULT_DENY_MESSAGE),
      );
    }
  });
});

describe('runPermissionHook', () => {
  it('hands the daemon the request for the agent, and prints allow when the daemon says allow', async () => {
    const stand = await daemon(json(200, { decision: { behavior: 'allow' }, reason: 'decided' }));
    const output = await runPermissionHook('claude-code', claudePayload, options(stand));
    expect(JSON.parse(output)).toEqual(ALLOW);
    expect(stand.received).toEqual([
      {
        url: '/permission-request?agent=claude-code',
        body: {
          source: 'claude-code',
          sessionId: 'e7e40f8f-38b1-42b8-8540-7b305fc61660',
          cwd: '/work/agents-scratch/proj-claude',
          toolName: 'Bash',
          action: 'command',
          subject: 'touch ran-by-claude.txt',
          description: 'Run the requested command',
          resumed: false,
        },
      },
    ]);
  });

  it("prints a deny with the phone's words for the agent", async () => {
    const stand = await daemon(
      json(200, {
        decision: { behavior: 'deny', message: 'Wait for the release on Monday.' },
        reason: 'decided',
      }),
    );
    const output = await runPermissionHook(
      'codex',
      codexPayload,
      options(stand, { env: { RINGBACK_RESUMED_SESSION: CODEX_SESSION } }),
    );
    expect(JSON.parse(output)).toEqual(deny('Wait for the release on Monday.'));
    expect(stand.received[0]?.url).toBe('/permission-request?agent=codex');
    expect(stand.received[0]?.body).toMatchObject({ source: 'codex', resumed: true });
  });

  it('waits as long as the daemon holds the request', async () => {
    const stand = await daemon((response, request, signer) =>
      setTimeout(
        () => json(200, { decision: { behavior: 'allow' }, reason: 'decided' })(response, request, signer),
        1_200,
      ),
    );
    const started = performance.now();
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(stand)))).toEqual(ALLOW);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_100);
  });

  it('reads an answer sent in chunks', async () => {
    const stand = await daemon((response, request, signer) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        ...signer.headers(request, { behavior: 'deny', message: 'No.' }),
      });
      response.write('{"decision":{"behavior":"de');
      setTimeout(() => response.end('ny","message":"No."},"reason":"decided"}'), 50);
    });
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(stand)))).toEqual(deny('No.'));
  });

  it('prints nothing for "no decision", whatever the reason', async () => {
    for (const reason of [
      'disabled',
      'at_desk',
      'timeout',
      'not_paired',
      'relay_unreachable',
      'busy',
      'error',
    ]) {
      const stand = await daemon(json(200, { decision: null, reason }));
      expect(await runPermissionHook('claude-code', claudePayload, options(stand)), reason).toBe('');
    }
  });

  it('in a session resumed from the phone, denies whatever is not the phone’s decision: nobody is at its terminal', async () => {
    // Codex's resumed turn would hand an undecided approval to its reviewer model.
    const resumed = { env: { RINGBACK_RESUMED_SESSION: CODEX_SESSION } };
    const nobody = deny(NO_ANSWER_MESSAGE);
    for (const reason of ['timeout', 'relay_unreachable', 'disabled', 'error']) {
      const stand = await daemon(json(200, { decision: null, reason }));
      expect(
        JSON.parse(await runPermissionHook('codex', codexPayload, options(stand, resumed))),
        reason,
      ).toEqual(nobody);
    }
    const unreadable = await daemon(json(200, { decision: { behavior: 'yes' } }));
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(unreadable, resumed)))).toEqual(
      nobody,
    );
    const down = await daemon(json(200, {}));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(down, resumed)))).toEqual(
      nobody,
    );
    expect(JSON.parse(await runPermissionHook('codex', 'not json', options(down, resumed)))).toEqual(nobody);
    // The phone's own decision goes through as it is.
    const allowed = await daemon(json(200, { decision: { behavior: 'allow' }, reason: 'decided' }));
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(allowed, resumed)))).toEqual(
      ALLOW,
    );
  });

  it('in a resumed Codex turn, denies before Codex ends the hook, however long the daemon would hold it', async () => {
    // Codex would end the hook 6 s or so from now, counted from when it started this process
    // (here, this test's worker), and hand the approval, undecided, to its reviewer.
    const stand = await daemon(() => undefined);
    const timeout = String(Math.ceil(performance.now() / 1000) + 6);
    const resumed = { RINGBACK_RESUMED_SESSION: CODEX_SESSION, RINGBACK_HOOK_TIMEOUT_SECONDS: timeout };
    const started = performance.now();
    const output = await runPermissionHook('codex', codexPayload, options(stand, { env: resumed }));
    expect(JSON.parse(output)).toEqual(deny(NO_ANSWER_MESSAGE));
    expect(performance.now() - started).toBeLessThan(4_000);
    await expect.poll(() => stand.closed).toEqual(['/permission-request?agent=codex']);
    // A timeout it cannot read changes nothing: the daemon's answer is awaited as ever.
    const answered = await daemon(json(200, { decision: { behavior: 'allow' }, reason: 'decided' }));
    const odd = { RINGBACK_RESUMED_SESSION: CODEX_SESSION, RINGBACK_HOOK_TIMEOUT_SECONDS: 'soon' };
    expect(
      JSON.parse(await runPermissionHook('codex', codexPayload, options(answered, { env: odd }))),
    ).toEqual(ALLOW);
  });

  it('prints nothing for an error status or an answer it cannot read, never an allow', async () => {
    const answers = [
      json(500, { decision: { behavior: 'allow' }, reason: 'decided' }),
      json(400, { decision: { behavior: 'allow' } }),
      json(200, 'allow'),
      json(200, '{"decision":{"behavior":"allow"'),
      json(200, { decision: { behavior: 'ALLOW' } }),
      json(200, { decision: { behavior: 'yes' } }),
      json(200, { decision: 'allow' }),
      json(200, { decision: { behavior: 'deny', message: 42 } }),
      json(200, [{ decision: { behavior: 'allow' } }]),
      (response: ServerResponse) => response.socket?.end('garbage\r\n\r\n{"decision":{"behavior":"allow"}}'),
    ];
    for (const [index, answer] of answers.entries()) {
      const stand = await daemon(answer);
      expect(await runPermissionHook('codex', codexPayload, options(stand)), `answer ${index}`).toBe('');
    }
  });

  it('prints nothing at once when the daemon is down', async () => {
    const stand = await daemon(json(200, {}));
    const port = stand.port;
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const started = performance.now();
    expect(await runPermissionHook('claude-code', claudePayload, options({ port, env: stand.env }))).toBe('');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('gives up at its deadline, closing the connection so the daemon knows', async () => {
    const stand = await daemon(() => undefined);
    const started = performance.now();
    expect(await runPermissionHook('codex', codexPayload, options(stand, { deadlineMs: 400 }))).toBe('');
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    await expect.poll(() => stand.closed).toEqual(['/permission-request?agent=codex']);
  });

  it("lets go when Claude Code's transcript shows the tool ran after Yes at its own dialog", async () => {
    const stand = await daemon(() => undefined);
    const dir = mkdtempSync(join(tmpdir(), 'ringback-hook-'));
    try {
      const transcript = join(dir, 'session.jsonl');
      const [call, result] = readFileSync(
        new URL('./fixtures/claude-code-transcript-yes-at-terminal.jsonl', import.meta.url),
        'utf8',
      )
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const now = () => new Date().toISOString();
      writeFileSync(transcript, `${JSON.stringify({ ...call, timestamp: now() })}\n`);
      const payload = JSON.stringify({
        ...JSON.parse(claudePayload),
        transcript_path: transcript,
        tool_input: { command: 'sleep 8; touch yes2.txt', description: 'Run the requested command' },
      });
      const hook = runPermissionHook('claude-code', payload, options(stand, { deadlineMs: 30_000 }));
      await expect.poll(() => stand.received.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stand.closed).toEqual([]);
      appendFileSync(transcript, `${JSON.stringify({ ...result, timestamp: now() })}\n`);
      const started = performance.now();
      expect(await hook).toBe('');
      expect(performance.now() - started).toBeLessThan(1_000);
      // The connection closes: the daemon ends the call on the phone, answered at the computer.
      await expect.poll(() => stand.closed).toEqual(['/permission-request?agent=claude-code']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lets go as soon as Claude Code's session status shows its dialog answered, while the tool still runs", async () => {
    const stand = await daemon(() => undefined);
    const dir = mkdtempSync(join(tmpdir(), 'ringback-hook-'));
    try {
      // What Claude Code 2.1.197 writes in <config dir>/sessions/<its pid>.json: "waiting" for a
      // "permission prompt" while its dialog shows, "busy" once Yes was pressed there.
      const [asking, busy] = fixture('claude-code-session-status.jsonl')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const payload = JSON.parse(claudePayload) as Record<string, unknown>;
      const status = join(dir, 'sessions', '4242.json');
      mkdirSync(join(dir, 'sessions'));
      writeFileSync(
        join(dir, 'sessions', '4141.json'),
        JSON.stringify({ ...busy, pid: 4141, sessionId: 'another' }),
      );
      writeFileSync(status, JSON.stringify({ ...asking, pid: 4242, sessionId: payload.session_id }));
      // The call is in the transcript; its result (the command's end) never comes in this test.
      const transcript = join(dir, 'session.jsonl');
      writeFileSync(
        transcript,
        readFileSync(
          new URL('./fixtures/claude-code-transcript-yes-at-terminal.jsonl', import.meta.url),
          'utf8',
        ).split('\n')[0] ?? '',
      );
      const hook = runPermissionHook(
        'claude-code',
        JSON.stringify({ ...payload, transcript_path: transcript }),
        options(stand, { deadlineMs: 30_000, env: { CLAUDE_CONFIG_DIR: dir } }),
      );
      await expect.poll(() => stand.received.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(stand.closed).toEqual([]);
      writeFileSync(status, JSON.stringify({ ...busy, pid: 4242, sessionId: payload.session_id }));
      const started = performance.now();
      expect(await hook).toBe('');
      expect(performance.now() - started).toBeLessThan(1_000);
      await expect.poll(() => stand.closed).toEqual(['/permission-request?agent=claude-code']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks nothing for a payload that is not JSON or names no tool', async () => {
    const stand = await daemon(json(200, { decision: { behavior: 'allow' }, reason: 'decided' }));
    for (const input of ['', '{"session_id":', '[]', JSON.stringify({ session_id: 's', cwd: '/' })])
      expect(await runPermissionHook('codex', input, options(stand))).toBe('');
    expect(stand.received).toEqual([]);
  });
});

describe('runPermissionHook, whoever answers on the port', () => {
  const ALLOWED = { decision: { behavior: 'allow' }, reason: 'decided' };
  const DENIED = { decision: { behavior: 'deny', message: 'Not today.' }, reason: 'decided' };

  it("takes no decision from an answer without the daemon's MAC, or with a wrong one", async () => {
    const otherKey = answerSigner();
    signers.push(otherKey);
    const forged: Answer[] = [
      unsigned(200, ALLOWED),
      unsigned(200, DENIED),
      unsigned(200, ALLOWED, { 'ringback-answer-mac': 'AAAA' }),
      unsigned(200, ALLOWED, { 'ringback-answer-mac': '' }),
      // MACed with a key that is not the daemon's.
      (response, request, signer) =>
        unsigned(200, ALLOWED, otherKey.headers(request, { behavior: 'allow' }))(response, request, signer),
    ];
    for (const [index, answer] of forged.entries()) {
      const stand = await daemon(answer);
      expect(await runPermissionHook('codex', codexPayload, options(stand)), `answer ${index}`).toBe('');
      expect(await runPermissionHook('claude-code', claudePayload, options(stand)), `answer ${index}`).toBe(
        '',
      );
      // The request went out: the forger answered it.
      expect(stand.received).toHaveLength(2);
    }
  });

  it('takes no decision from a MAC for another request (a replayed answer) or another decision', async () => {
    let replayed: Record<string, string> = {};
    let first = true;
    const stand = await daemon((response, request, signer) => {
      if (first) {
        first = false;
        replayed = signer.headers(request, { behavior: 'allow' });
        return unsigned(200, ALLOWED, replayed)(response, request, signer);
      }
      unsigned(200, ALLOWED, replayed)(response, request, signer);
    });
    // The daemon's own answer to the first request is taken...
    expect(JSON.parse(await runPermissionHook('codex', codexPayload, options(stand)))).toEqual(ALLOW);
    // ...and the same answer, MAC and all, replayed to the next one is not.
    expect(await runPermissionHook('codex', codexPayload, options(stand))).toBe('');

    // A deny's MAC does not make an allow, nor another message.
    const altered: Answer[] = [
      (response, request, signer) =>
        unsigned(200, ALLOWED, signer.headers(request, { behavior: 'deny' }))(response, request, signer),
      (response, request, signer) =>
        unsigned(200, DENIED, signer.headers(request, { behavior: 'deny', message: 'Not today' }))(
          response,
          request,
          signer,
        ),
    ];
    for (const [index, answer] of altered.entries()) {
      const other = await daemon(answer);
      expect(await runPermissionHook('claude-code', claudePayload, options(other)), `answer ${index}`).toBe(
        '',
      );
    }
  });

  it('hands another program on the port nothing of what the agent asks: the request is sealed for the daemon', async () => {
    const daemonKey = answerSigner();
    signers.push(daemonKey);
    const bytes: Buffer[] = [];
    const server = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => bytes.push(chunk));
      request.on('end', () => unsigned(200, ALLOWED)(response, request, daemonKey));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    expect(await runPermissionHook('claude-code', claudePayload, options({ port, env: daemonKey.env }))).toBe(
      '',
    );
    const seen = Buffer.concat(bytes);
    expect(seen.length).toBeGreaterThan(0);
    for (const asked of ['touch ran-by-claude.txt', 'Bash', 'proj-claude', 'e7e40f8f']) {
      expect(seen.toString('latin1')).not.toContain(asked);
    }
  });

  it('sends a fresh nonce with each request', async () => {
    const nonces: (string | undefined)[] = [];
    const stand = await daemon((response, request, signer) => {
      nonces.push(signer.nonceOf(request));
      json(200, ALLOWED)(response, request, signer);
    });
    await runPermissionHook('codex', codexPayload, options(stand));
    await runPermissionHook('codex', codexPayload, options(stand));
    expect(nonces).toEqual([
      expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    ]);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('asks again under the new key when the daemon restarted just after the hook read its key', async () => {
    const stand = await daemon(json(200, ALLOWED), { restartsAtFirstRequest: true });
    expect(JSON.parse(await runPermissionHook('claude-code', claudePayload, options(stand)))).toEqual(ALLOW);
    expect([stand.arrived(), stand.received.length]).toEqual([2, 1]);
  });

  it('asks once when its request is refused under the key still in force', async () => {
    const stand = await daemon(unsigned(400, { error: 'invalid_request' }));
    expect(await runPermissionHook('codex', codexPayload, options(stand))).toBe('');
    expect(stand.arrived()).toBe(1);
  });

  it("asks nothing when the daemon's key is not in the data dir (no daemon has run there)", async () => {
    const stand = await daemon(json(200, ALLOWED));
    const started = performance.now();
    const env = { RINGBACK_HOME: join(stand.env.RINGBACK_HOME, 'elsewhere') };
    expect(await runPermissionHook('claude-code', claudePayload, options(stand, { env }))).toBe('');
    expect(performance.now() - started).toBeLessThan(500);
    expect(stand.received).toEqual([]);
  });
});

describe('readPermissionAnswer', () => {
  const proof = { secret: Buffer.alloc(32, 7), nonce: 'n'.repeat(43) };
  const mac = `ringback-answer-mac: ${answerMac(proof.secret, proof.nonce, { behavior: 'allow' })}`;
  const response = (head: string, body: string) => Buffer.from(`${head}\r\n${mac}\r\n\r\n${body}`);
  it('takes only a 200', () => {
    const body = '{"decision":{"behavior":"allow"},"reason":"decided"}';
    expect(readPermissionAnswer(response('HTTP/1.1 200 OK', body), proof)).toEqual({ behavior: 'allow' });
    expect(readPermissionAnswer(response('HTTP/1.1 201 Created', body), proof)).toBeNull();
    expect(readPermissionAnswer(response('HTTP/1.1 2000 OK', body), proof)).toBeNull();
    expect(readPermissionAnswer(Buffer.from(''), proof)).toBeNull();
    // The same answer for another nonce is not this request's.
    expect(
      readPermissionAnswer(response('HTTP/1.1 200 OK', body), { ...proof, nonce: 'm'.repeat(43) }),
    ).toBeNull();
  });
});
