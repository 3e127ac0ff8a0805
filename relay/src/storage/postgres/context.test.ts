import type { Pool, PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresContext } from './context';

/** A pool of one client that fails the statement `failing` with `failure`, recording what it is asked. */
function fakePool(failing: string, failure: Error) {
  const sent: string[] = [];
  const released: (Error | undefined)[] = [];
  const client = {
    query: async (text: string) => {
      sent.push(text);
      if (text === failing) throw failure;
      return { rows: [], rowCount: 0 };
    },
    release: (error?: Error) => released.push(error),
  } as unknown as PoolClient;
  const pool = { connect: async () => client } as unknown as Pool;
  return { pool, sent, released };
}

const readTimeout = () => new Error('Query read timeout');

describe('postgresContext().transaction', () => {
  it('drops a connection whose statement went unanswered, without waiting on a ROLLBACK behind it', async () => {
    const { pool, sent, released } = fakePool('SELECT work', readTimeout());
    const context = postgresContext(pool, Date.now);
    await expect(context.transaction((sql) => sql.query('SELECT work'))).rejects.toThrow(
      'Query read timeout',
    );
    expect(sent).toEqual(['BEGIN', 'SELECT work']);
    expect(released).toEqual([expect.objectContaining({ message: 'Query read timeout' })]);
  });

  it('drops the connection when BEGIN itself goes unanswered, rather than hand it to the next caller', async () => {
    const { pool, sent, released } = fakePool('BEGIN', readTimeout());
    await expect(postgresContext(pool, Date.now).transaction(async () => 1)).rejects.toThrow();
    expect(sent).toEqual(['BEGIN']);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('rolls back a transaction that failed for its own reasons and keeps the connection', async () => {
    const { pool, sent, released } = fakePool(
      'INSERT',
      Object.assign(new Error('duplicate'), { code: '23505' }),
    );
    await expect(postgresContext(pool, Date.now).transaction((sql) => sql.query('INSERT'))).rejects.toThrow(
      'duplicate',
    );
    expect(sent).toEqual(['BEGIN', 'INSERT', 'ROLLBACK']);
    expect(released).toEqual([undefined]);
  });
});
