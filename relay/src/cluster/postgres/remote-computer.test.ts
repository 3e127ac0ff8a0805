import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { afterThisTest, waitUntil } from '../../routes/cleanup-fixture';
import { askComputer, fakeDaemonLink, ndjsonLines } from '../../routes/computer-request-fixture';
import { testDatabaseUrl } from '../../storage/postgres/test-database';
import { daemonAndPhone, relayInstancesOnTestDatabase } from './relay-instances-fixture';

const relays = relayInstancesOnTestDatabase({ heartbeatMs: 200 });

describe.skipIf(!testDatabaseUrl())('requests to a computer linked to another PostgreSQL instance', () => {
  it('stream through the database in order, acked and cancelled across, and end when the link goes', async () => {
    const [a, b] = await relays.start(2);
    if (!a || !b) throw new Error('two instances');
    const { daemon, phone } = await daemonAndPhone(a);
    const link = await fakeDaemonLink(b.url, daemon.deviceToken);
    const ask = (requestId: string, signal?: AbortSignal) =>
      askComputer(a.url, daemon.deviceId, requestId, {
        token: phone.deviceToken,
        ...(signal ? { signal } : {}),
      });
    // The link's registration reaches the database a moment after it opens.
    let first: Response | null = null;
    for (let attempt = 0; attempt < 50 && !first; attempt++) {
      const tried = ask(`q1-${attempt}`);
      const reached = await Promise.race([
        waitUntil(() => link.has('computer-request', `q1-${attempt}`), 'the request', 500).then(
          () => true,
          () => false,
        ),
        tried.then((response) => (response.status === 503 ? false : null)),
      ]);
      if (reached) {
        link.frame(`q1-${attempt}`, 0);
        first = await tried;
        const read = ndjsonLines(first);
        expect(await read()).toEqual({ seq: 0, sealed: `e1.k.q1-${attempt}-0.eA` });
        await waitUntil(() => link.has('computer-ack', `q1-${attempt}`, 0), 'the ack on the link');
        link.frame(`q1-${attempt}`, 1);
        link.frame(`q1-${attempt}`, 2, true);
        expect(await read()).toEqual({ seq: 1, sealed: `e1.k.q1-${attempt}-1.eA` });
        expect(await read()).toEqual({ seq: 2, sealed: `e1.k.q1-${attempt}-2.eA` });
        expect(await read()).toBeNull();
      }
    }
    expect(first?.status).toBe(200);

    // The device hangs up on A: the daemon on B is told to stop.
    const hangUp = new AbortController();
    const read = await link.startAnswer(ask('q2', hangUp.signal), 'q2');
    expect(await read()).toMatchObject({ seq: 0 });
    hangUp.abort();
    await waitUntil(() => link.has('computer-cancel', 'q2'), 'the cancel on the link');

    // The link on B goes away mid-answer: the answer on A ends with device_offline.
    const readVanishing = await link.startAnswer(ask('q3'), 'q3');
    expect(await readVanishing()).toMatchObject({ seq: 0 });
    link.socket.terminate();
    expect(await readVanishing()).toMatchObject({ error: 'device_offline' });

    // Nothing is left in the tables once the answers are over.
    const pool = new pg.Pool({ connectionString: relays.databaseUrl() });
    afterThisTest(() => pool.end());
    const left = await pool.query(
      'SELECT (SELECT count(*) FROM computer_requests) + (SELECT count(*) FROM computer_frames) AS n',
    );
    expect(Number(left.rows[0].n)).toBe(0);
  });
});
