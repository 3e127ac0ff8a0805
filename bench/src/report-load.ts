import { Pool, request } from 'undici';
import type { BenchDaemon } from './support';

const MESSAGE = 'Refactored the billing module and all 214 tests pass. '.repeat(20);

/** A Stop payload as Claude Code sends it; the agent travels in the query (`?agent=`). */
export function reportBody(n: number): string {
  return JSON.stringify({
    session_id: `bench-${n % 50}`,
    cwd: '/home/dev/app',
    transcript_path: `/home/dev/.claude/projects/app/bench-${n % 50}.jsonl`,
    stop_hook_active: false,
    last_assistant_message: `${n}: ${MESSAGE}`,
  });
}

export const REPORT_PATH = '/report?agent=claude-code';

/**
 * Sends `total` reports over `clients` keep-alive connections to `url` (any server taking
 * `POST /report`); returns the sorted per-report latencies (ms) and the wall time.
 */
export async function sendReports(
  url: string,
  clients: number,
  total: number,
): Promise<{ latencies: number[]; seconds: number }> {
  const pool = new Pool(url, { connections: clients, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          const body = reportBody(next++);
          const t0 = performance.now();
          const response = await pool.request({
            path: REPORT_PATH,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          await response.body.dump();
          if (response.statusCode !== 202) throw new Error(`report answered ${response.statusCode}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

export interface OutboxCounts {
  pending: number;
  byState: Record<string, number>;
}

export async function outboxStatus(daemon: BenchDaemon): Promise<OutboxCounts> {
  const response = await request(`${daemon.url}/status`, {
    headers: { authorization: `Bearer ${daemon.localApiKey}` },
  });
  return ((await response.body.json()) as { outbox: OutboxCounts }).outbox;
}
