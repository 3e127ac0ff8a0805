import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { isConnectionFailure } from './connection-failure';

/** Error codes after which running the whole transaction again is safe and may succeed. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected: PostgreSQL aborted one of two transactions waiting on each other
]);
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 5;

/** Something to run SQL on: the pool (a statement on its own) or a transaction's client. */
export interface Sql {
  /** A `{ name, text }` statement is prepared once per connection and reused (hot paths). */
  query<R extends QueryResultRow>(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult<R>>;
}

/** What every resource of the PostgreSQL store works with. */
export interface PostgresContext {
  /** Single statements (reads, one-statement writes), each on whichever connection is free. */
  sql: Sql;
  /** The clock (whole epoch ms) for created/seen/ended times. */
  now(): number;
  /**
   * Runs `work` in one READ COMMITTED transaction and commits it; durable when the promise
   * resolves. Each statement sees what committed before it started, and the row locks the
   * store takes (`FOR UPDATE`, the account's seq counter) order the writers, so a check made
   * after taking a lock sees the write of whoever held it before. On a deadlock or a
   * serialization failure the whole of `work` runs again, so it must do nothing but SQL.
   */
  transaction<R>(work: (sql: PoolClient) => Promise<R>): Promise<R>;
  /** Runs a single-statement write, again on a deadlock or serialization failure. */
  statement<R>(work: () => Promise<R>): Promise<R>;
  /** Counts `work` as asked for now (`close` waits for it), however late it reaches the pool. */
  tracked<R>(work: () => Promise<R>): Promise<R>;
  /** Statements of work already counted by `tracked`: they run even while the store closes. */
  untracked: Sql;
  /** Refuses new work, lets what was already asked for finish, then ends the pool. */
  close(): Promise<void>;
}

export function postgresContext(pool: Pool, now: () => number): PostgresContext {
  // What was asked for and has not settled. The pool's own `end()` would leave a request still
  // waiting for a free connection unanswered forever, so close waits for these first.
  const inFlight = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;
  const track = <R>(start: () => Promise<R>): Promise<R> => {
    if (closing) return Promise.reject(new Error('the relay store is closed'));
    const running = start();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return running;
  };

  return {
    sql: {
      query: (text, values) => track(() => pool.query(text as string, values)),
    },
    now,
    transaction(work) {
      return track(() => retried(() => runOnce(pool, work)));
    },
    statement(work) {
      return retried(work);
    },
    tracked(work) {
      return track(work);
    },
    untracked: {
      query: (text, values) => pool.query(text as string, values),
    },
    close() {
      closing ??= (async () => {
        while (inFlight.size > 0) await Promise.all(inFlight);
        await pool.end();
      })();
      return closing;
    },
  };
}

async function retried<R>(work: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(errorCode(error))) throw error;
      // Jittered, so the two transactions that collided do not collide again.
      await sleep(RETRY_BASE_MS * attempt * (1 + Math.random()));
    }
  }
}

async function runOnce<R>(pool: Pool, work: (sql: PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await abandonTransaction(client, error);
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Ends a transaction that failed with `failure`; returns the error to release its connection
 * with (`client.release(error)`: the pool drops it) when the connection must not be reused.
 */
export async function abandonTransaction(client: PoolClient, failure: unknown): Promise<Error | undefined> {
  if (isConnectionFailure(failure)) {
    // The link stopped answering (or the server cancelled): a ROLLBACK would queue behind the
    // unanswered statement and wait out another answer timeout. Dropping the connection ends
    // the transaction on the server just as well, and the request fails now.
    return failure instanceof Error ? failure : new Error(String(failure));
  }
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (rollbackError) {
    // A connection that could not even roll back is dropped, not handed to the next caller.
    return rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
  }
}

export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
