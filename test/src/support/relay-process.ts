import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import { assertBuilt, RELAY_BIN } from './daemon-process';

export interface RelayProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Creates an account (open signup) or pairs into one, as a device would. */
  createAccount(kind: 'daemon' | 'app', name: string): Promise<DeviceCredentials>;
  pair(by: DeviceCredentials, kind: 'daemon' | 'app', name: string): Promise<DeviceCredentials>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the relay's own executable as a real process (open signup unless `env` says
 * otherwise); `ringback relay` runs the same file as a child, which a SIGKILL test would orphan.
 */
export async function startRelayProcess(
  env: NodeJS.ProcessEnv = {},
  /** To restart a relay: its data dir and port. */
  reuse?: { dataDir: string; port: number },
  /** More command-line options, such as `--database <url>`. */
  args: readonly string[] = [],
): Promise<RelayProcess> {
  assertBuilt();
  const dataDir = reuse?.dataDir ?? (await mkdtemp(join(tmpdir(), 'ringback-relay-')));
  const port = String(reuse?.port ?? 0);
  const child = spawn(process.execPath, [RELAY_BIN, '--port', port, '--data-dir', dataDir, ...args], {
    env: { ...process.env, RINGBACK_OPEN_SIGNUP: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /relay listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`relay exited with ${code} before listening:\n${output}`)));
  });
  const post = async <T>(path: string, body: object, token?: string): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    url,
    dataDir,
    child,
    output: () => output,
    createAccount: (kind, name) => post<DeviceCredentials>('/v1/accounts', { kind, name }),
    async pair(by, kind, name) {
      const { code } = await post<{ code: string }>('/v1/pairing-codes', {}, by.deviceToken);
      return post<DeviceCredentials>('/v1/pairing-codes/redeem', { code, kind, name });
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
