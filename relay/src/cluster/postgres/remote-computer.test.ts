import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSilentRelayLogger } from '../../relay-logger';
import { type RunningRelay, startRelay } from '../../start-relay';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../storage/postgres/test-database';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let database: TestDatabase | undefined;
beforeAll(async () => {
  if (testDatabaseUrl()) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function twoInstances(): Promise<[RunningRelay, RunningRelay]> {
  if (!database) throw new Error('no test database');
  await database.reset();
  const started: RunningRelay[] = [];
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-computer-'));
    const relay = await startRelay({
      dataDir,
      database: database.url,
      port: 0,
      openSignup: true,
      logger: createSilentRelayLogger(),
      heartbeatMs: 200,
    });
    cleanups.push(async () => {
      await relay.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    started.push(relay);
  }
  return started as [RunningRelay, RunningRelay];
}

async function post<T>(url: string, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A daemon's link to one instance, recording what comes down it. */
async function daemonLink(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('open', resolve));
  cleanups.push(() => socket.terminate());
  const frame = (requestId: string, seq: number, last = false) =>
    socket.send(
      JSON.stringify({ type: 'computer-frame', requestId, seq, sealed: `e1.k.${requestId}.${seq}`, last }),
    );
  const has = (type: string, requestId: string, seq?: number) =>
    messages.some(
      (m) => m.type === type && m.requestId === requestId && (seq === undefined || m.seq === seq),
    );
  return { socket, messages, frame, has };
}

/** Reads an NDJSON answer line by line. */
function lines(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async (): Promise<Record<string, unknown> | null> => {
    for (;;) {
      const at = buffered.indexOf('\n');
      if (at >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        return JSON.parse(line) as Record<string, unknown>;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffered += decoder.decode(value, { stream: true });
    }
  };
}

describe.skipIf(!testDatabaseUrl())('requests to a computer linked to another PostgreSQL instance', () => {
  it('stream through the database in order, acked and cancelled across, and end when the link goes', async () => {
    const [a, b] = await twoInstances();
    const daemon = await post<DeviceCredentials>(a.url, '/v1/accounts', { kind: 'daemon', name: 'Laptop' });
    const { code } = await post<{ code: string }>(a.url, '/v1/pairing-codes', {}, daemon.deviceToken);
    const phone = await post<DeviceCredentials>(a.url, '/v1/pairing-codes/redeem', {
      code,
      kind: 'app',
      name: 'Phone',
    });
    const link = await daemonLink(b.url, daemon.deviceToken);
    const ask = (requestId: string, signal?: AbortSignal) =>
      fetch(`${a.url}/v1/devices/${daemon.deviceId}/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${phone.deviceToken}` },
        body: JSON.stringify({ requestId, sealed: `e1.abcdefghijkl.${requestId}.c2VhbGVk` }),
        ...(signal ? { signal } : {}),
      });
    // The link's registration reaches the database a moment after it opens.
    let first: Response | null = null;
    for (let attempt = 0; attempt < 50 && !first; attempt++) {
      const tried = ask(`q1-${attempt}`);
      const reached = await Promise.race([
        until(() => link.has('computer-request', `q1-${attempt}`), 'the request', 500).then(
          () => true,
          () => false,
        ),
        tried.then((response) => (response.status === 503 ? false : null)),
      ]);
      if (reached) {
        link.frame(`q1-${attempt}`, 0);
        first = await tried;
        const read = lines(first);
        expect(await read()).toEqual({ seq: 0, sealed: `e1.k.q1-${attempt}.0` });
        await until(() => link.has('computer-ack', `q1-${attempt}`, 0), 'the ack on the link');
        link.frame(`q1-${attempt}`, 1);
        link.frame(`q1-${attempt}`, 2, true);
        expect(await read()).toEqual({ seq: 1, sealed: `e1.k.q1-${attempt}.1` });
        expect(await read()).toEqual({ seq: 2, sealed: `e1.k.q1-${attempt}.2` });
        expect(await read()).toBeNull();
      }
    }
    expect(first?.status).toBe(200);

    // The device hangs up on A: the daemon on B is told to stop.
    const hangUp = new AbortController();
    const cut = ask('q2', hangUp.signal);
    await until(() => link.has('computer-request', 'q2'), 'the second request');
    link.frame('q2', 0);
    const read = lines(await cut);
    expect(await read()).toMatchObject({ seq: 0 });
    hangUp.abort();
    await until(() => link.has('computer-cancel', 'q2'), 'the cancel on the link');

    // The link on B goes away mid-answer: the answer on A ends with device_offline.
    const vanishing = ask('q3');
    await until(() => link.has('computer-request', 'q3'), 'the third request');
    link.frame('q3', 0);
    const readVanishing = lines(await vanishing);
    expect(await readVanishing()).toMatchObject({ seq: 0 });
    link.socket.terminate();
    expect(await readVanishing()).toMatchObject({ error: 'device_offline' });

    // Nothing is left in the tables once the answers are over.
    const pool = new pg.Pool({ connectionString: database?.url });
    cleanups.push(() => pool.end());
    const left = await pool.query(
      'SELECT (SELECT count(*) FROM computer_requests) + (SELECT count(*) FROM computer_frames) AS n',
    );
    expect(Number(left.rows[0].n)).toBe(0);
  });
});
