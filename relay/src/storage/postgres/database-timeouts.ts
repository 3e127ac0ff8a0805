/** A connection not ready by then never will be: the server is unreachable or the path stalled. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The server cancels a statement running longer (a lock held forever, a runaway query). */
const STATEMENT_TIMEOUT_MS = 30_000;
/** An answer still missing this long after the server's own limit is lost: the link is dead. */
const ANSWER_MARGIN_MS = 2_000;
/**
 * The listening connection is asked `SELECT 1` this often. It only ever receives, so without a
 * question of its own a half-open link (a NAT that forgot it, a failover) would look idle forever.
 */
const PROBE_INTERVAL_MS = 5_000;
/** A probe unanswered by then means the link is dead: a stalled fan-out is noticed within 10 s. */
const PROBE_DEADLINE_MS = 5_000;
/** TCP keepalive on every connection, so a NAT or firewall never finds it idle long enough to drop. */
const KEEPALIVE_IDLE_MS = 10_000;

/** How long the relay waits on PostgreSQL, each overridable by an env variable (tests run in seconds). */
export interface DatabaseTimeouts {
  /** `RINGBACK_DATABASE_CONNECT_TIMEOUT_MS`: opening a connection, up to ready for queries. */
  connectMs: number;
  /** `RINGBACK_DATABASE_STATEMENT_TIMEOUT_MS`: the server-side `statement_timeout` of pooled connections. */
  statementMs: number;
  /** The client gives up on an answer (`query_timeout`): the statement timeout and a margin. */
  answerMs: number;
  /** `RINGBACK_DATABASE_PROBE_INTERVAL_MS`: between two probes of the listening connection. */
  probeIntervalMs: number;
  /** `RINGBACK_DATABASE_PROBE_DEADLINE_MS`: a probe (or LISTEN) unanswered by then, the link is dead. */
  probeDeadlineMs: number;
  keepAliveIdleMs: number;
}

const positiveMs = (value: string | undefined, fallback: number): number => {
  const ms = Number(value);
  return Number.isInteger(ms) && ms >= 100 ? ms : fallback;
};

/** The defaults above, each replaced by its env variable when that holds whole ms (at least 100). */
export function databaseTimeouts(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  const statementMs = positiveMs(env.RINGBACK_DATABASE_STATEMENT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS);
  return {
    connectMs: positiveMs(env.RINGBACK_DATABASE_CONNECT_TIMEOUT_MS, CONNECT_TIMEOUT_MS),
    statementMs,
    answerMs: statementMs + ANSWER_MARGIN_MS,
    probeIntervalMs: positiveMs(env.RINGBACK_DATABASE_PROBE_INTERVAL_MS, PROBE_INTERVAL_MS),
    probeDeadlineMs: positiveMs(env.RINGBACK_DATABASE_PROBE_DEADLINE_MS, PROBE_DEADLINE_MS),
    keepAliveIdleMs: KEEPALIVE_IDLE_MS,
  };
}
