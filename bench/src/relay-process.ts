// The relay (`relay/dist/relay.mjs`) as a real process, as an operator runs it, for benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { processCpuMs, rssKb } from './proc-stats';
import { RELAY_BIN, tempDir } from './support';

/** Error lines kept from a relay's log, so a bench can say what went wrong in the relay. */
const MAX_KEPT_ERRORS = 20;

export interface BenchRelay {
  url: string;
  pid: number;
  /** VmRSS of the relay process, in KB. */
  rssKb(): Promise<number>;
  /** User + system CPU time the relay process has used so far, in ms. */
  cpuMs(): Promise<number>;
  /** How many `error` lines the relay logged, and the first few of them. */
  errors: { count: number; first: string[] };
  stop(): Promise<void>;
}

export interface BenchRelayOptions {
  /** A `postgres://` URL: the relay keeps its data there (`--database`); else SQLite in a temp dir. */
  database?: string;
}

/** `relay --port 0` in its own process, with open signup. */
export async function startBenchRelay(options: BenchRelayOptions = {}): Promise<BenchRelay> {
  // A PostgreSQL relay keeps nothing there, but the relay still makes its data dir.
  const dataDir = await tempDir('ringback-bench-relay-');
  const storage = options.database ? ['--database', options.database] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [RELAY_BIN, '--port', '0', '--data-dir', dataDir, ...storage],
    // The IPC channel makes the relay stop when the bench goes away, even if the bench dies.
    { env: { ...process.env, RINGBACK_OPEN_SIGNUP: 'true' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', () => {}); // its `relay-ready` message; the log line says the same
  const errors = { count: 0, first: [] as string[] };
  let output = '';
  let pending = '';
  let listening = false;
  const started = new Promise<string>((resolve, reject) => {
    // Kept reading after the start, so the relay's log lines never fill the pipe and block it.
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (/ error /.test(line)) {
          errors.count += 1;
          if (errors.first.length < MAX_KEPT_ERRORS) errors.first.push(line);
        }
        if (listening) continue;
        output += `${line}\n`;
        const match = /relay listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) {
          listening = true;
          resolve(match[1]);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`relay exited (${code}) before listening:\n${output}`)));
  });
  const url = await started.catch(async (error: Error) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssKb: () => rssKb(pid),
    cpuMs: () => processCpuMs(pid),
    errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU ms the relays have used so far, together. */
export async function totalCpuMs(relays: BenchRelay[]): Promise<number> {
  const each = await Promise.all(relays.map((relay) => relay.cpuMs()));
  return each.reduce((sum, ms) => sum + ms, 0);
}
