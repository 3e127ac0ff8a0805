// A private, throwaway PostgreSQL server from the installed binaries: for a bench run (its
// postmaster's pid gives its CPU figures, and nothing else shares it) and for a test run on a
// machine where PostgreSQL is installed but nobody named a database (postgres-global-setup.ts).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const POSTGRES_ROOT = '/usr/lib/postgresql';
/** Relay instances of 10 pooled connections and a listener each, test files in parallel, the bench's own. */
const MAX_CONNECTIONS = 300;
const READY_TIMEOUT_MS = 60_000;

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, loopback only). */
  url: string;
  postmasterPid: number;
  /** Which binaries, for the printout. */
  version: string;
  stop(): Promise<void>;
}

/** The bin dir of the newest PostgreSQL installed, or null when none is. */
export async function newestPostgresBin(): Promise<string | null> {
  const versions = await readdir(POSTGRES_ROOT).catch(() => [] as string[]);
  const newest = versions
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'postgres')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0];
  return newest ? join(POSTGRES_ROOT, newest, 'bin') : null;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * initdb into a temp dir (trust auth), then `postgres` on a free loopback port with its socket in
 * that dir. fsync and synchronous_commit stay on, as the relay's SQLite store commits FULL.
 */
export async function startPostgresServer(bin: string): Promise<PostgresServer> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) await run('chown', ['postgres:', dir]);
  await chmod(dir, 0o700);
  try {
    const [initdb, initArgs] = asPostgresUser(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await run(initdb, initArgs);
    const port = await freePort();
    const [postgres, args] = asPostgresUser(join(bin, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `max_connections=${MAX_CONNECTIONS}`,
    ]);
    const child = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await untilReady(child);
    const postmasterPid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    // A bench that dies still stops its server (the temp dir stays behind then).
    const stopOnExit = () => {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        // Already gone.
      }
    };
    process.once('exit', stopOnExit);
    const { stdout } = await run(join(bin, 'postgres'), ['--version']);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      postmasterPid,
      version: stdout.trim(),
      async stop() {
        // SIGINT is PostgreSQL's fast shutdown: ends the sessions, checkpoints, exits.
        process.off('exit', stopOnExit);
        if (child.exitCode === null) process.kill(postmasterPid, 'SIGINT');
        await exited;
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Resolves when the server says it accepts connections; its log is kept reading after that. */
function untilReady(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`PostgreSQL not ready:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      if (/ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${code}):\n${output}`));
    });
  });
}
