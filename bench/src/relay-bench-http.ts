// HTTP helpers the relay benchmarks share: accounts and sealed-looking event posts.
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';

export interface Credentials {
  accountId: string;
  deviceId: string;
  deviceToken: string;
}

export async function postJson<T>(pool: Pool, path: string, body: object, token?: string): Promise<T> {
  const response = await pool.request({
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (response.statusCode !== 201) {
    throw new Error(`${path} answered ${response.statusCode}: ${await response.body.text()}`);
  }
  return (await response.body.json()) as T;
}

/** A new account with one daemon device (open signup). */
export async function createDaemonAccount(url: string): Promise<Credentials> {
  const pool = new Pool(url, { connections: 1 });
  try {
    return await postJson<Credentials>(pool, '/v1/accounts', { kind: 'daemon', name: 'bench-daemon' });
  } finally {
    await pool.close();
  }
}

const runTag = randomBytes(4).toString('hex');
let eventCount = 0;
/** Sealed-looking payloads of about 2 KB: the relay only checks the `e1.` prefix. */
const SEALED = Array.from({ length: 64 }, () => `e1.abcdefghijkl.${randomBytes(1536).toString('base64url')}`);

export function daemonEvent(): { eventId: string; body: string } {
  const n = eventCount++;
  const eventId = `bench-${runTag}-${n}`;
  const body = JSON.stringify({
    eventId,
    source: 'claude-code',
    occurredAt: new Date().toISOString(),
    sealed: SEALED[n % SEALED.length],
  });
  return { eventId, body };
}

export async function postEvent(pool: Pool, token: string, body: string): Promise<void> {
  const response = await pool.request({
    path: '/v1/daemon/events',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  await response.body.dump();
  if (response.statusCode !== 201) throw new Error(`event post answered ${response.statusCode}`);
}

export function ms(value: number): string {
  return value.toFixed(2).padStart(7);
}
