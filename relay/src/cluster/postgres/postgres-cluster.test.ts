import { createSseParser, type DeviceCredentials } from '@ringback/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { afterThisTest, waitUntil } from '../../routes/cleanup-fixture';
import type { RunningRelay } from '../../start-relay';
import { testDatabaseUrl } from '../../storage/postgres/test-database';
import { daemonAndPhone, relayInstancesOnTestDatabase } from './relay-instances-fixture';

const relays = relayInstancesOnTestDatabase({ heartbeatMs: 200 });

/** Instances of one relay on the shared test database (emptied first, unless `keep`), each on its own port. */
async function instances(
  count: number,
  options: { openSignup?: boolean; keep?: boolean } = {},
): Promise<Instance[]> {
  return (await relays.start(count, options)).map(instance);
}

type Instance = ReturnType<typeof instance>;

function instance(relay: RunningRelay) {
  const call = async (method: string, path: string, body?: object, token?: string) => {
    const response = await fetch(`${relay.url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  return {
    relay,
    url: relay.url,
    call,
    async account(kind: 'daemon' | 'app', name: string) {
      const created = await call('POST', '/v1/accounts', { kind, name });
      if (created.status !== 201) throw new Error(`account: ${created.status}`);
      return created.body as unknown as DeviceCredentials;
    },
    async code(by: DeviceCredentials) {
      return (await call('POST', '/v1/pairing-codes', {}, by.deviceToken)).body.code as string;
    },
    postEvent(daemon: DeviceCredentials, eventId: string) {
      return call(
        'POST',
        '/v1/daemon/events',
        {
          eventId,
          source: 'codex',
          occurredAt: new Date().toISOString(),
          sealed: `e1.abcdefghijkl.iv.${eventId}`,
        },
        daemon.deviceToken,
      );
    },
  };
}

async function joinAccount(on: Instance, code: string, kind: 'daemon' | 'app', name: string) {
  const joined = await on.call('POST', '/v1/pairing-codes/redeem', { code, kind, name });
  if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  return joined.body as unknown as DeviceCredentials;
}

/** A fetch-based SSE reader; frames with an id, in arrival order. */
async function openStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/v1/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: { id: number; event: string; data: Record<string, unknown> }[] = [];
  let connected = false;
  let ended = false;
  const parser = createSseParser({
    onMessage: (message) =>
      frames.push({
        id: Number(message.lastEventId),
        event: message.event ?? '',
        data: JSON.parse(message.data),
      }),
    onComment: (comment) => {
      if (comment === 'connected') connected = true;
    },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        parser.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // Aborted.
    }
    ended = true;
  })();
  afterThisTest(() => controller.abort());
  await waitUntil(() => connected || ended, 'the stream to open');
  return { frames, ended: () => ended };
}

async function openLink(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const messages: Record<string, unknown>[] = [];
  let closeCode: number | null = null;
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  socket.on('close', (code) => {
    closeCode = code;
  });
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`link ${response.statusCode}`)),
    );
  });
  afterThisTest(() => socket.terminate());
  return { socket, messages, closeCode: () => closeCode };
}

/**
 * Resolves once some instance has registered a link of `deviceId` in the database, which it does
 * a moment after the link opens.
 */
async function linkInDatabase(deviceId: string): Promise<void> {
  const client = new pg.Client({ connectionString: relays.databaseUrl() });
  await client.connect();
  try {
    await waitUntil(
      async () =>
        (await client.query('SELECT 1 FROM daemon_links WHERE device_id = $1', [deviceId])).rows.length > 0,
      'the link in the database',
    );
  } finally {
    await client.end();
  }
}

describe.skipIf(!testDatabaseUrl())(
  'relay instances on one PostgreSQL database (RINGBACK_TEST_DATABASE_URL)',
  () => {
    it('streams every event posted on any instance, once and in log order, on every instance', async () => {
      const [a, b, c] = (await instances(3)) as [Instance, Instance, Instance];
      const daemon = await a.account('daemon', 'Laptop');
      const second = await joinAccount(b, await a.code(daemon), 'daemon', 'Desktop');
      const phone = await joinAccount(c, await b.code(daemon), 'app', 'Phone');
      const streams = await Promise.all([a, b, c].map((on) => openStream(on.url, phone.deviceToken)));

      // Two daemons posting at once through all three instances.
      const ids = Array.from({ length: 60 }, (_, i) => `evt-${i}`);
      await Promise.all(
        ids.map((id, i) => ([a, b, c][i % 3] as Instance).postEvent(i % 2 ? daemon : second, id)),
      );

      for (const stream of streams) {
        await waitUntil(() => stream.frames.length >= ids.length, 'every event on every instance');
        const seqs = stream.frames.map((frame) => frame.id);
        expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
        expect(new Set(seqs).size).toBe(ids.length);
        expect(new Set(stream.frames.map((frame) => frame.data.eventId))).toEqual(new Set(ids));
      }
    });

    it('counts wrong pairing codes from one address across instances, and after a restart', async () => {
      const [a, b, c] = (await instances(3)) as [Instance, Instance, Instance];
      const daemon = await a.account('daemon', 'Laptop');
      const code = await a.code(daemon);
      const wrong = code === '000000' ? '000001' : '000000';
      const statuses = [];
      for (const on of [a, b, c, a, b])
        statuses.push(
          (await on.call('POST', '/v1/pairing-codes/redeem', { code: wrong, kind: 'app', name: 'x' })).status,
        );
      expect(statuses).toEqual([422, 422, 422, 422, 422]);
      const refused = await c.call('POST', '/v1/pairing-codes/redeem', { code, kind: 'app', name: 'x' });
      expect([refused.status, refused.body.error]).toEqual([429, 'too_many_attempts']);
      // A fresh instance of the same relay knows it too.
      const [d] = (await instances(1, { keep: true })) as [Instance];
      expect(
        (await d.call('POST', '/v1/pairing-codes/redeem', { code, kind: 'app', name: 'x' })).status,
      ).toBe(429);
    });

    it('prints one claim code on every instance of a private relay, and lets one claim win', async () => {
      const [a, b] = (await instances(2, { openSignup: false })) as [Instance, Instance];
      const claimCode = await a.relay.claimCode();
      expect(claimCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      expect(await b.relay.claimCode()).toBe(claimCode);

      const claims = await Promise.all(
        [a, b, a, b].map((on, i) =>
          on.call('POST', '/v1/accounts', { kind: 'daemon', name: `owner ${i}`, claimCode }),
        ),
      );
      expect(claims.map((claim) => claim.status).sort()).toEqual([201, 403, 403, 403]);
      expect(claims.filter((claim) => claim.status === 403).map((claim) => claim.body.error)).toEqual([
        'signup_closed',
        'signup_closed',
        'signup_closed',
      ]);
      expect(await b.relay.claimCode()).toBeNull();
    });

    it('answers a settings request device_offline when the daemon’s link on another instance goes away meanwhile', async () => {
      const [a, b] = (await instances(2)) as [Instance, Instance];
      const { daemon, phone } = await daemonAndPhone(a.relay);
      const link = await openLink(b.url, daemon.deviceToken);
      // The link's registration reaches the database a moment after it opens; a request A takes
      // before that finds the daemon offline and never reaches B (the race a busy machine lost).
      await linkInDatabase(daemon.deviceId);
      const ask = (requestId: string) =>
        a.call(
          'POST',
          `/v1/devices/${daemon.deviceId}/settings`,
          { requestId, sealed: 'e1.abcdefghijkl.iv.c2V0dGluZ3M' },
          phone.deviceToken,
        );
      // Linked on B: A's request reaches the daemon there (which never answers this one).
      const asking = ask('req-1');
      await waitUntil(
        () => link.messages.some((message) => message.requestId === 'req-1'),
        'the request on the link',
      );

      link.socket.terminate();
      const answer = await asking;
      expect([answer.status, answer.body.error]).toEqual([503, 'device_offline']);
      expect((await ask('req-2')).status).toBe(503);
    });

    it('after losing its notification connection an instance closes its streams, which resume, and keeps its links', async () => {
      const [a, b] = (await instances(2)) as [Instance, Instance];
      const { daemon, phone } = await daemonAndPhone(a.relay);
      const stream = await openStream(b.url, phone.deviceToken);
      const link = await openLink(b.url, daemon.deviceToken);
      await waitUntil(async () => (await listenerPids()).length === 2, 'both listeners');

      // PostgreSQL drops B's listening session (as a restart of the server would).
      const admin = new pg.Client({ connectionString: relays.databaseUrl() });
      await admin.connect();
      afterThisTest(() => admin.end());
      const before = await listenerPids();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'ringback-relay-listener' AND datname = current_database() AND pid = ANY($1)`,
        [before.slice(0, 2)],
      );
      await waitUntil(() => stream.ended(), 'the stream to close');
      await waitUntil(
        async () => (await listenerPids()).filter((pid) => !before.includes(pid)).length === 2,
        'new listeners',
        15_000,
      );

      // The daemon's link survived and is found again: a reply posted on A reaches it on B.
      await a.postEvent(daemon, 'evt-after');
      await a.call('POST', '/v1/events/evt-after/status', { status: 'answered' }, phone.deviceToken);
      const reply = await a.call(
        'POST',
        '/v1/events/evt-after/replies',
        { replyId: 'reply-1', sealed: 'e1.abcdefghijkl.iv.cmVwbHk' },
        phone.deviceToken,
      );
      expect(reply.status).toBe(201);
      await waitUntil(
        () => link.messages.some((message) => message.replyId === 'reply-1'),
        'the reply on the link',
      );
      expect(link.closeCode()).toBeNull();

      async function listenerPids(): Promise<number[]> {
        const probe = new pg.Client({ connectionString: relays.databaseUrl() });
        await probe.connect();
        try {
          const { rows } = await probe.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE application_name = 'ringback-relay-listener'
           AND datname = current_database() ORDER BY pid`,
          );
          return rows.map((row) => row.pid);
        } finally {
          await probe.end();
        }
      }
    });
  },
);
