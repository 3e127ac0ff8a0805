import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RINGBACK_BIN } from './daemon-process';
import { freePort } from './free-port';
import { waitFor } from './temp-data-dir';

export interface RunningRingback {
  /** The URL `ringback up` prints: the app at the relay, `#pair=` with a pairing link. */
  appUrl: string;
  relayUrl: string;
  daemonUrl: string;
  dataDir: string;
  home: string;
  output(): string;
  stop(): Promise<void>;
}

/** `ringback up` as a user runs it (its own HOME), with the daemon's LLM set to `llmUrl`. */
export async function startRingbackUp(options: {
  llmUrl: string;
  env?: NodeJS.ProcessEnv;
}): Promise<RunningRingback> {
  const home = await mkdtemp(join(tmpdir(), 'ringback-e2e-home-'));
  const dataDir = join(home, '.ringback');
  const [port, relayPort] = [await freePort(), await freePort()];
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    join(dataDir, 'daemon.json'),
    JSON.stringify({
      // The hook finds the daemon by this port, as a user's does.
      localPort: port,
      llm: { primary: { baseUrl: options.llmUrl, apiKey: 'sk-e2e-0000', model: 'fake-1' } },
      brief: { language: 'en-US' },
    }),
    { mode: 0o600 },
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [RINGBACK_BIN, 'up', '--relay-port', String(relayPort)],
    {
      env: { PATH: process.env.PATH, HOME: home, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(() => output.includes('Stop with Ctrl-C'), 90_000, `ringback up to start:\n${output}`);
  const appUrl = new RegExp(`http://127\\.0\\.0\\.1:${relayPort}/#pair=\\S+`).exec(output)?.[0];
  if (!appUrl) throw new Error(`ringback up printed no app URL:\n${output}`);
  return {
    appUrl,
    relayUrl: `http://127.0.0.1:${relayPort}`,
    daemonUrl: `http://127.0.0.1:${port}`,
    dataDir,
    home,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface AgentCall {
  cwd: string;
  args: string[];
  stdin: string;
}

/** A stand-in `claude` that records how the daemon resumed it. */
export async function standInClaude(): Promise<{ bin: string; calls(): Promise<AgentCall[]> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-e2e-claude-'));
  const log = join(dir, 'calls.jsonl');
  const bin = join(dir, 'claude');
  await writeFile(
    bin,
    `#!/usr/bin/env node
const fs = require('node:fs');
const stdin = fs.readFileSync(0, 'utf8');
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2), stdin }) + '\\n');
`,
  );
  await chmod(bin, 0o755);
  return {
    bin,
    calls: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AgentCall),
  };
}
