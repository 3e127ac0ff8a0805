// POST /report throughput and latency on loopback against the real daemon process, with every
// report durable (fsynced) before its 202, and how the cost grows with the outbox backlog.
import { Pool, request } from 'undici';
import { startSlowLlm } from './slow-llm';
import { type BenchDaemon, percentile, startBenchDaemon, tempDir } from './support';

const REPORTS_PER_RUN = 4000;
const MESSAGE = 'Refactored the billing module and all 214 tests pass. '.repeat(20);

async function status(daemon: BenchDaemon): Promise<{ pending: number; byState: Record<string, number> }> {
  const response = await request(`${daemon.url}/status`, {
    headers: { authorization: `Bearer ${daemon.localApiKey}` },
  });
  return ((await response.body.json()) as { outbox: { pending: number; byState: Record<string, number> } })
    .outbox;
}

/** Sends `total` reports over `clients` connections; returns per-report latencies (ms) and wall time. */
async function load(
  daemon: BenchDaemon,
  clients: number,
  total: number,
): Promise<{ latencies: number[]; seconds: number }> {
  const pool = new Pool(daemon.url, { connections: clients, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const n = next++;
        const body = JSON.stringify({
          source: 'claude-code',
          session_id: `bench-${n % 50}`,
          cwd: '/home/dev/app',
          last_assistant_message: `${n}: ${MESSAGE}`,
        });
        const t0 = performance.now();
        const response = await pool.request({
          path: '/report',
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
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { latencies: latencies.sort((a, b) => a - b), seconds };
}

function line(label: string, result: { latencies: number[]; seconds: number }): string {
  const rate = Math.round(result.latencies.length / result.seconds);
  const p50 = percentile(result.latencies, 50).toFixed(2);
  const p99 = percentile(result.latencies, 99).toFixed(2);
  return `${label.padEnd(34)} ${String(rate).padStart(6)} reports/s   p50 ${p50.padStart(7)} ms   p99 ${p99.padStart(7)} ms`;
}

/** A daemon whose LLM is configured and as slow as a real one; or with none configured. */
async function intakeDaemon(llmBaseUrl: string | null): Promise<BenchDaemon> {
  const config = llmBaseUrl
    ? { llm: { primary: { baseUrl: llmBaseUrl, apiKey: 'sk-bench', model: 'bench', timeoutMs: 600_000 } } }
    : undefined;
  return startBenchDaemon(await tempDir('ringback-bench-intake-'), 0, config);
}

export async function benchIntake(): Promise<void> {
  const llm = await startSlowLlm();
  try {
    console.log(
      '\n# Intake: POST /report on loopback, each report fsynced before its 202\n' +
        '# (real daemon process; LLM configured and slow like a real one, so 3 briefs are in flight)',
    );
    for (const clients of [1, 16, 64]) {
      const daemon = await intakeDaemon(llm.baseUrl);
      try {
        await load(daemon, clients, 300); // warm-up
        console.log(line(`${clients} concurrent client(s)`, await load(daemon, clients, REPORTS_PER_RUN)));
      } finally {
        await daemon.stop();
      }
    }
    const bare = await intakeDaemon(null);
    try {
      await load(bare, 64, 300);
      console.log(line('64 clients, no LLM configured*', await load(bare, 64, REPORTS_PER_RUN)));
      console.log('  * every report is also turned into a failed brief at once, competing with intake');
    } finally {
      await bare.stop();
    }

    console.log('\n# Write cost with the outbox backlog (16 clients, 1000 reports each)');
    const daemon = await intakeDaemon(llm.baseUrl);
    try {
      let pending = 0;
      for (const backlog of [1, 1000, 10_000]) {
        if (backlog > pending) {
          await load(daemon, 64, backlog - pending);
          pending = backlog;
        }
        const result = await load(daemon, 16, 1000);
        console.log(line(`backlog ${backlog} pending entries`, result));
        pending += 1000;
      }
      const outbox = await status(daemon);
      console.log(`(${outbox.pending} reports pending at the end)`);
    } finally {
      await daemon.stop();
    }
  } finally {
    await llm.close();
  }
}
