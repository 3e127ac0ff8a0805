// The real Claude Code and Codex, run interactively in tmux against a fake model that asks for a
// command needing the user's approval, with our bundled `ringback hook <agent> permission`
// registered as their PermissionRequest hook and a stand-in for the daemon's
// `POST /permission-request` on 127.0.0.1. Allow runs the command; deny with words stops it and
// the model reads the words; no decision, or a daemon that is down, leaves the agent's own prompt.
// Claude Code: Yes at its own dialog ends the waiting hook at once, while the tool runs; a session
// resumed as the daemon resumes one asks through Ringback's permission-prompt MCP tool instead
// (headless, it runs no hook).
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ANSWER_MAC_HEADER,
  ANSWER_NONCE_HEADER,
  answerMac,
  HOOK_FAILED_REVIEW_POLICY,
  HOOK_SECRET_FILE,
  openPermissionRequest,
  resolveResumeOptions,
  resumeCommand,
  resumeEnvironment,
  SEALED_REQUEST_TYPE,
} from '@ringback/daemon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_PROMPT,
  AGENT_READY,
  codexTrustEntry,
  prepareClaudeCodeHome,
  prepareCodexHome,
} from './support/agent-homes';
import { type AgentScreen, shellQuote, startInTmux, writeLauncher } from './support/agent-tmux';
import { startCommandModel } from './support/command-model';
import { assertBuilt, RINGBACK_BIN } from './support/daemon-process';
import { freePort } from './support/free-port';
import { stopProcessesUnder } from './support/processes-under';
import { REAL_AGENT_VERSIONS, realAgentsBin } from './support/real-agents';
import { waitFor } from './support/temp-data-dir';

const run = promisify(execFile);
type Agent = 'claude-code' | 'codex';

let AGENTS_BIN = '';
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  assertBuilt();
  AGENTS_BIN = await realAgentsBin();
  const versions = await Promise.all(
    ['claude', 'codex'].map(async (bin) => (await run(join(AGENTS_BIN, bin), ['--version'])).stdout.trim()),
  );
  console.log(`real agents tried: ${versions.join(', ')} (pinned ${JSON.stringify(REAL_AGENT_VERSIONS)})`);
}, 300_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Answer =
  | { decision: { behavior: 'allow' | 'deny'; message?: string } | null; reason: string; afterMs?: number }
  | 'hold';

interface PermissionRequest {
  url: string;
  body: Record<string, unknown>;
  /** The hook closed its connection before any answer: the agent stopped waiting. */
  goneBeforeAnswer: boolean;
}

/**
 * A stand-in for the daemon's `POST /permission-request`: answers each request as told, MACed
 * with its answer key as the daemon's are (`writeKey` puts the key where the hook reads it).
 */
async function startDaemonRoute() {
  const requests: PermissionRequest[] = [];
  let next: Answer = 'hold';
  const key = randomBytes(32);
  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The hook seals its request under the daemon's key, for its nonce and agent.
      const nonce = request.headers[ANSWER_NONCE_HEADER];
      const agent = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('agent') ?? '';
      expect(request.headers['content-type']).toBe(SEALED_REQUEST_TYPE);
      const opened = openPermissionRequest(
        key,
        typeof nonce === 'string' ? nonce : '',
        agent,
        Buffer.concat(chunks),
      );
      const entry: PermissionRequest = {
        url: request.url ?? '',
        body: JSON.parse(opened ?? 'null'),
        goneBeforeAnswer: false,
      };
      requests.push(entry);
      let answered = false;
      response.on('close', () => {
        if (!answered) entry.goneBeforeAnswer = true;
      });
      const answer = next;
      if (answer === 'hold') return;
      setTimeout(() => {
        answered = true;
        const nonce = request.headers[ANSWER_NONCE_HEADER];
        const mac =
          answer.decision && typeof nonce === 'string'
            ? { [ANSWER_MAC_HEADER]: answerMac(key, nonce, answer.decision) }
            : {};
        response.writeHead(200, { 'content-type': 'application/json', ...mac });
        response.end(JSON.stringify({ decision: answer.decision, reason: answer.reason }));
      }, answer.afterMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    answerNext: (answer: Answer) => {
      next = answer;
    },
    writeKey: (dataDir: string) =>
      writeFile(join(dataDir, HOOK_SECRET_FILE), `${key.toString('hex')}\n`, { mode: 0o600 }),
  };
}

const hookCommand = (agent: Agent) =>
  `${shellQuote(process.execPath)} ${shellQuote(RINGBACK_BIN)} hook ${agent} permission`;

/** The hash Codex 0.169 trusts a PermissionRequest hook by: as for Stop, its matcher included. */
function codexPermissionHookHash(handler: { command: string; timeout: number }, matcher: string) {
  const identity = {
    event_name: 'permission_request',
    hooks: [{ async: false, command: handler.command, timeout: handler.timeout, type: 'command' }],
    matcher,
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(identity)).digest('hex')}`;
}

interface World {
  project: string;
  dataDir: string;
  agent: AgentScreen;
  route: Awaited<ReturnType<typeof startDaemonRoute>>;
  model: Awaited<ReturnType<typeof startCommandModel>>;
  /** The agent's own approval prompt, as it shows on screen. */
  prompt: string;
}

/** The agent's home (our hook registered and trusted), its project, the fake model and the route. */
async function setUp(agent: Agent) {
  const root = await realpath(await mkdtemp(join(tmpdir(), `ringback-perm-${agent}-`)));
  // An agent killed with its tmux session may still be writing its files for a moment.
  cleanups.push(async () => {
    // Codex leaves its app-server daemon running in this HOME, writing there: stopped first.
    await stopProcessesUnder(root);
    await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });
  const home = join(root, 'home');
  const project = join(root, 'project');
  const dataDir = join(root, 'ringback');
  await Promise.all([home, project, dataDir].map((dir) => mkdir(dir, { recursive: true })));
  const model = await startCommandModel();
  cleanups.push(model.close);
  const route = await startDaemonRoute();
  await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: route.port }));
  await route.writeKey(dataDir);
  const env: Record<string, string> = {
    PATH: `${AGENTS_BIN}:${process.env.PATH}`,
    HOME: home,
    RINGBACK_HOME: dataDir,
    TERM: 'xterm-256color',
  };
  const hook = { type: 'command', command: hookCommand(agent), timeout: 120 };
  if (agent === 'claude-code') {
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PermissionRequest: [{ matcher: '*', hooks: [hook] }] } }),
    );
    Object.assign(env, await prepareClaudeCodeHome(home, project, model.url));
  } else {
    const codexHome = join(home, '.codex');
    await mkdir(codexHome, { recursive: true });
    const hooksJson = join(codexHome, 'hooks.json');
    await writeFile(
      hooksJson,
      JSON.stringify({ hooks: { PermissionRequest: [{ matcher: '*', hooks: [hook] }] } }),
    );
    // What Codex's /hooks screen writes when the user trusts the hook.
    const trust = codexTrustEntry(`${hooksJson}:permission_request:0:0`, codexPermissionHookHash(hook, '*'));
    Object.assign(env, await prepareCodexHome(codexHome, project, model.url, [trust]));
  }
  return { root, home, project, dataDir, model, route, env };
}

async function world(agent: Agent): Promise<World> {
  const { root, project, dataDir, model, route, env } = await setUp(agent);
  const bin = agent === 'claude-code' ? 'claude' : 'codex';
  const tmux = startInTmux(
    `ringback-perm-${agent}-${process.pid}`,
    await writeLauncher(root, env, project, join(AGENTS_BIN, bin)),
  );
  cleanups.push(tmux.kill);
  await tmux.waitForScreen(AGENT_READY, 60_000, 'the agent ready');
  return {
    project,
    dataDir,
    agent: tmux,
    route,
    model,
    prompt: AGENT_PROMPT[agent],
  };
}

/** Sends `RUN <command>` and waits for the hook's request to reach the daemon's route. */
async function ask(w: World, command: string): Promise<PermissionRequest> {
  const before = w.route.requests.length;
  await w.agent.type(`RUN ${command}`);
  await waitFor(
    () => w.route.requests.length > before,
    60_000,
    `the hook's request; the screen:\n${w.agent.screen()}`,
  );
  return w.route.requests[before] as PermissionRequest;
}

async function outcomeAfter(w: World, count: number) {
  await waitFor(
    () => w.model.outcomes.length > count,
    60_000,
    `the tool result; the screen:\n${w.agent.screen()}`,
  );
  return w.model.outcomes[count];
}

/** Answers the agent's own prompt at the terminal with Escape and waits for it to go. */
async function dismissPrompt(w: World) {
  w.agent.press('Escape');
  await waitFor(() => !w.agent.screen().includes(w.prompt), 30_000, 'the prompt dismissed');
  // Let the agent settle back at its input before the next message.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

async function checkAgent(agent: Agent) {
  const w = await world(agent);

  // Allow: the command runs and the model reads its result.
  w.route.answerNext({ decision: { behavior: 'allow' }, reason: 'decided' });
  let outcomes = w.model.outcomes.length;
  const request = await ask(w, 'touch allowed.txt');
  expect(request.url).toBe(`/permission-request?agent=${agent}`);
  expect(request.body).toMatchObject({
    source: agent,
    cwd: w.project,
    toolName: 'Bash',
    action: 'command',
    subject: 'touch allowed.txt',
    description: 'Run the command you asked for',
    resumed: false,
  });
  const allowed = await outcomeAfter(w, outcomes);
  await waitFor(() => existsSync(join(w.project, 'allowed.txt')), 30_000, 'the allowed command run');
  expect(allowed?.isError ?? false).toBe(false);

  // Deny with words: the command does not run, and the model reads the words.
  const words = 'Not before the release on Monday.';
  w.route.answerNext({ decision: { behavior: 'deny', message: words }, reason: 'decided' });
  outcomes = w.model.outcomes.length;
  await ask(w, 'touch denied.txt');
  const denied = await outcomeAfter(w, outcomes);
  expect(denied?.text).toContain(words);
  expect(existsSync(join(w.project, 'denied.txt'))).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  // No decision (the wait ran out): the agent's own prompt is on screen, and stays.
  w.route.answerNext({ decision: null, reason: 'timeout', afterMs: 2_000 });
  await ask(w, 'touch undecided.txt');
  await w.agent.waitForScreen(w.prompt, 30_000, "the agent's own prompt after no decision");
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(w.agent.screen()).toContain(w.prompt);
  expect(existsSync(join(w.project, 'undecided.txt'))).toBe(false);
  await dismissPrompt(w);

  // The daemon is down: the agent's own prompt, at once.
  await writeFile(join(w.dataDir, 'daemon.json'), JSON.stringify({ localPort: await freePort() }));
  const asked = Date.now();
  await w.agent.type('RUN touch daemon-down.txt');
  await w.agent.waitForScreen(w.prompt, 15_000, "the agent's own prompt with the daemon down");
  const promptAfterMs = Date.now() - asked;
  console.log(`${agent}: with the daemon down, its own prompt showed ${promptAfterMs} ms after the message`);
  await dismissPrompt(w);

  // The user answers at the terminal while the hook waits: the hook's connection closes.
  await writeFile(join(w.dataDir, 'daemon.json'), JSON.stringify({ localPort: w.route.port }));
  w.route.answerNext('hold');
  const held = await ask(w, 'touch answered-at-terminal.txt');
  if (agent === 'codex') await w.agent.waitForScreen('Running hook', 15_000, 'Codex running the hook');
  else await w.agent.waitForScreen(w.prompt, 15_000, "Claude Code's prompt beside the waiting hook");
  w.agent.press('Escape');
  await waitFor(() => held.goneBeforeAnswer, 30_000, 'the hook gone when the user answered at the terminal');
  if (agent === 'claude-code') await yesAtTheTerminal(w);
}

/**
 * Claude Code: Yes at its own dialog, beside the waiting hook, for a command that runs a while.
 * Claude Code does not end the hook then; the hook sees the session's status leave "waiting for a
 * permission prompt" and closes its connection at once, while the command still runs (the daemon
 * ends the call on the phone, answered at the computer).
 */
async function yesAtTheTerminal(w: World) {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  w.route.answerNext('hold');
  const held = await ask(w, 'sleep 12; touch yes-at-terminal.txt');
  await w.agent.waitForScreen(w.prompt, 15_000, "Claude Code's prompt beside the waiting hook");
  // Nothing the dialog writes while it merely waits lets the hook go.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(held.goneBeforeAnswer).toBe(false);
  const pressed = Date.now();
  w.agent.press('Enter');
  await waitFor(() => held.goneBeforeAnswer, 30_000, 'the hook gone after Yes at the terminal');
  const goneAfterMs = Date.now() - pressed;
  console.log(`claude-code: Yes at the terminal ended the hook ${goneAfterMs} ms later (a 12 s command)`);
  // Gone while the command still runs, not when it ends.
  expect(goneAfterMs).toBeLessThan(6_000);
  expect(existsSync(join(w.project, 'yes-at-terminal.txt'))).toBe(false);
  await waitFor(() => existsSync(join(w.project, 'yes-at-terminal.txt')), 30_000, 'the command run');
}

/** Runs the agent headless to its end, `input` on stdin; its output for failures. */
function runAgent(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, input: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

/**
 * A Claude Code session resumed as the daemon resumes one after a reply (`resumeCommand`, the
 * session's own permission mode): headless, it never runs the PermissionRequest hook, so its
 * requests go through Ringback's permission-prompt MCP tool to the daemon's route.
 */
async function checkResumedClaude() {
  const { project, dataDir, model, route, env } = await setUp('claude-code');
  const sessionId = randomUUID();
  // Not a plain file command: acceptEdits lets `touch` in the project run without asking.
  const write = (file: string) => `node -e "require('fs').writeFileSync('${file}', 'x')"`;
  const first = await runAgent(
    join(AGENTS_BIN, 'claude'),
    ['-p', `--session-id=${sessionId}`],
    env,
    project,
    'Hello',
  );
  expect(first.code, first.output).toBe(0);
  const resume = async (text: string) => {
    const [command, args] = resumeCommand(
      { source: 'claude-code', sessionId, cwd: project, text, permissionMode: 'acceptEdits' },
      {
        permissionMode: 'acceptEdits',
        permissionPrompt: { nodePath: process.execPath, cliScript: RINGBACK_BIN, dataDir },
      },
      { ...env, RINGBACK_CLAUDE_BIN: join(AGENTS_BIN, 'claude') },
    );
    const turn = await runAgent(command, args, resumeEnvironment({ sessionId }, {}, env), project, text);
    expect(turn.code, turn.output).toBe(0);
  };

  // Allow on the phone: the command runs.
  route.answerNext({ decision: { behavior: 'allow' }, reason: 'decided' });
  let outcomes = model.outcomes.length;
  await resume(`RUN ${write('resumed-allowed.txt')}`);
  expect(route.requests.map((request) => request.body)).toEqual([
    {
      source: 'claude-code',
      sessionId,
      cwd: project,
      toolName: 'Bash',
      action: 'command',
      subject: write('resumed-allowed.txt'),
      description: 'Run the command you asked for',
      resumed: true,
    },
  ]);
  expect(existsSync(join(project, 'resumed-allowed.txt'))).toBe(true);
  expect(model.outcomes[outcomes]?.isError).toBe(false);

  // Deny with words: refused, and the model reads the words.
  const words = 'Not before the release on Monday.';
  route.answerNext({ decision: { behavior: 'deny', message: words }, reason: 'decided' });
  outcomes = model.outcomes.length;
  await resume(`RUN ${write('resumed-denied.txt')}`);
  expect(route.requests).toHaveLength(2);
  expect(existsSync(join(project, 'resumed-denied.txt'))).toBe(false);
  expect(model.outcomes[outcomes]).toMatchObject({ isError: true, text: words });

  // No answer on the phone: refused too (there is no terminal to fall back on), never run.
  route.answerNext({ decision: null, reason: 'timeout' });
  outcomes = model.outcomes.length;
  await resume(`RUN ${write('resumed-unanswered.txt')}`);
  expect(route.requests).toHaveLength(3);
  expect(existsSync(join(project, 'resumed-unanswered.txt'))).toBe(false);
  expect(model.outcomes[outcomes]?.text).toContain('Nobody allowed this on the phone');
}

/** The pid of the permission hook whose environment holds `mark` (Codex runs it as a child). */
async function permissionHookPid(mark: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0');
      const environ = (await readFile(`/proc/${entry}/environ`, 'utf8')).split('\0');
      if (argv.includes(RINGBACK_BIN) && argv.includes('permission') && environ.includes(mark))
        return Number(entry);
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return undefined;
}

/**
 * A Codex session resumed as the daemon resumes one after a reply (`resolveResumeOptions` reads
 * its sandbox and our trusted hook; `resumeCommand`): `codex exec` asks for approvals only with
 * Codex's reviewer on, and then runs our hook first. The phone's allow runs the command, its deny
 * passes the words, no answer is a deny, and Codex's reviewer model is never asked, except when
 * the hook dies, and then under a policy that says no.
 */
async function checkResumedCodex() {
  const { home, project, model, route, env } = await setUp('codex');
  const codex = join(AGENTS_BIN, 'codex');
  const first = await runAgent(codex, ['exec', '--skip-git-repo-check', '-'], env, project, 'Hello');
  expect(first.code, first.output).toBe(0);
  const sessionId = /session id: (\S+)/.exec(first.output)?.[1] ?? '';
  expect(sessionId, first.output).not.toBe('');
  const request = (text: string) => ({ source: 'codex' as const, sessionId, cwd: project, text });
  // Our hook registered for every tool, trusted, and with a timeout (120 s) beyond this wait.
  const options = await resolveResumeOptions(request(''), { permissionCalls: { waitSeconds: 60 } }, env, {
    home,
  });
  expect(options).toEqual({ sandbox: 'workspace-write', codexHookTimeoutSeconds: 120 });
  // A project may turn Codex hooks off in its own config: the resume turns them back on.
  await mkdir(join(project, '.codex'), { recursive: true });
  await writeFile(join(project, '.codex', 'config.toml'), '[features]\nhooks = false\n');
  const mark = `RINGBACK_TEST_TURN=${randomUUID()}`;
  const resume = (text: string, resumeOptions = options) => {
    const [command, args] = resumeCommand(request(text), resumeOptions, {
      ...env,
      RINGBACK_CODEX_BIN: codex,
    });
    const [name, value] = mark.split('=') as [string, string];
    return runAgent(
      command,
      args,
      { ...resumeEnvironment({ sessionId }, resumeOptions, env), [name]: value },
      project,
      text,
    );
  };

  // Allow on the phone: the command runs outside the sandbox, as asked.
  route.answerNext({ decision: { behavior: 'allow' }, reason: 'decided' });
  let outcomes = model.outcomes.length;
  let turn = await resume('RUN touch resumed-allowed.txt');
  expect(turn.code, turn.output).toBe(0);
  expect(route.requests.map((entry) => entry.body)).toEqual([
    expect.objectContaining({
      source: 'codex',
      sessionId,
      cwd: project,
      toolName: 'Bash',
      action: 'command',
      subject: 'touch resumed-allowed.txt',
      resumed: true,
    }),
  ]);
  expect(existsSync(join(project, 'resumed-allowed.txt'))).toBe(true);
  expect(model.outcomes.length).toBeGreaterThan(outcomes);

  // Deny with words: not run, and the model reads the words.
  const words = 'Not before the release on Monday.';
  route.answerNext({ decision: { behavior: 'deny', message: words }, reason: 'decided' });
  outcomes = model.outcomes.length;
  turn = await resume('RUN touch resumed-denied.txt');
  expect(turn.code, turn.output).toBe(0);
  expect(route.requests).toHaveLength(2);
  expect(existsSync(join(project, 'resumed-denied.txt'))).toBe(false);
  expect(model.outcomes[outcomes]?.text).toContain(words);

  // No answer on the phone: the hook denies (nobody is at a terminal), never run.
  route.answerNext({ decision: null, reason: 'timeout' });
  outcomes = model.outcomes.length;
  turn = await resume('RUN touch resumed-unanswered.txt');
  expect(turn.code, turn.output).toBe(0);
  expect(route.requests).toHaveLength(3);
  expect(existsSync(join(project, 'resumed-unanswered.txt'))).toBe(false);
  expect(model.outcomes[outcomes]?.text).toContain('Nobody allowed this on the phone');
  // Every approval was decided by the hook: Codex's reviewer model was never asked.
  expect(model.reviews).toEqual([]);

  // The hook dies while it waits: Codex asks its reviewer, told that nothing was allowed.
  route.answerNext('hold');
  const killed = resume('RUN touch resumed-hook-killed.txt');
  await waitFor(() => route.requests.length > 3, 60_000, "the hook's request");
  let pid: number | undefined;
  await waitFor(
    async () => {
      pid = await permissionHookPid(mark);
      return pid !== undefined;
    },
    10_000,
    'the hook process',
  );
  process.kill(pid as number, 'SIGKILL');
  turn = await killed;
  expect(turn.code, turn.output).toBe(0);
  expect(existsSync(join(project, 'resumed-hook-killed.txt'))).toBe(false);
  expect(model.reviews.length).toBeGreaterThan(0);
  const underOurPolicy = model.reviews.filter((review) => review.includes(HOOK_FAILED_REVIEW_POLICY));
  expect(underOurPolicy.length).toBe(model.reviews.length);

  // Our hook no longer trusted, and the user's config turning Codex's reviewer on: the resume
  // keeps the reviewer off, so nothing is asked of anyone and the command is refused.
  const configToml = join(home, '.codex', 'config.toml');
  const config = await readFile(configToml, 'utf8');
  await writeFile(
    configToml,
    `approvals_reviewer = "auto_review"\n${config.slice(0, config.indexOf('[hooks.state'))}`,
  );
  const untrusted = await resolveResumeOptions(request(''), { permissionCalls: { waitSeconds: 60 } }, env, {
    home,
  });
  expect(untrusted).toEqual({ sandbox: 'workspace-write' });
  const [requests, reviews] = [route.requests.length, model.reviews.length];
  turn = await resume('RUN touch resumed-no-hook.txt', untrusted);
  expect(turn.code, turn.output).toBe(0);
  expect(existsSync(join(project, 'resumed-no-hook.txt'))).toBe(false);
  expect(route.requests.length).toBe(requests);
  expect(model.reviews.length).toBe(reviews);
}

describe('the PermissionRequest hook with the real agents', () => {
  it('Claude Code: allow runs the command, deny with words stops it, no decision or no daemon leaves its prompt, Yes at the terminal ends the hook', async () => {
    await checkAgent('claude-code');
  }, 300_000);

  it('Claude Code resumed from the phone: its requests reach the phone through the permission-prompt tool', async () => {
    await checkResumedClaude();
  }, 300_000);

  it('Codex: allow runs the command, deny with words stops it, no decision or no daemon leaves its prompt', async () => {
    await checkAgent('codex');
  }, 300_000);

  it('Codex resumed from the phone: its approvals reach the phone through the hook, and no answer is a deny', async () => {
    await checkResumedCodex();
  }, 300_000);
});
