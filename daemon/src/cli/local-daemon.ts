import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrorCode, RingbackError } from '@ringback/protocol';
import { request } from 'undici';
import type { DaemonConfig } from '../config/daemon-config';
import { DATA_FILES, DEFAULT_LOCAL_PORT } from '../config/data-dir';

export interface LocalDaemon {
  url: string;
  key: string;
}

export async function readConfigFile(dataDir: string): Promise<DaemonConfig | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, DATA_FILES.config), 'utf8')) as DaemonConfig;
  } catch {
    return null;
  }
}

/** The daemon of `dataDir` if it is running (it answers `/status` with our key), else null. */
export async function findRunningDaemon(dataDir: string): Promise<LocalDaemon | null> {
  const port = (await readConfigFile(dataDir))?.localPort ?? DEFAULT_LOCAL_PORT;
  try {
    const key = (await readFile(join(dataDir, DATA_FILES.localApiKey), 'utf8')).trim();
    const daemon = { url: `http://127.0.0.1:${port}`, key };
    await callLocalDaemon(daemon, 'GET', '/status');
    return daemon;
  } catch {
    return null;
  }
}

/** One local API call; an error answer becomes a RingbackError with its code. */
export async function callLocalDaemon<T>(
  daemon: LocalDaemon,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request(`${daemon.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${daemon.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const answer = (await response.body.json().catch(() => null)) as {
    error?: unknown;
    message?: string;
  } | null;
  if (response.statusCode >= 400) {
    const code = isErrorCode(answer?.error) ? answer.error : 'internal_error';
    throw new RingbackError(code, answer?.message ?? `the daemon answered ${response.statusCode}`);
  }
  return answer as T;
}
