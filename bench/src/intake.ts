// POST /report throughput and latency on loopback against the real daemon process, with every
// report durable (fsynced) before its 202, and how the cost grows with the outbox backlog.
import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-server';
import { outboxStatus, sendReports } from './report-load';
import { startSlowLlm } from './slow-llm';
import { type BenchDaemon, percentile, startBenchDaemon, tempDir } from './support';

const REPORTS_PER_RUN = 4000;

type LoadResult = Awaited<ReturnType<typeof sendReports>>;

function rateOf(result: LoadResult): number {
  return result.latencies.length / result.seconds;
}

function line(label: string, result: LoadResult): string {
  const rate = Math.round(rateOf(result));
  const p50 = percentile(result.latencies, 50).toFixed(2);
  const p99 = percentile(result.latencies, 99).toFixed(2);
  return `${label.padEnd(34)} ${String(rate).padStart(6)} reports/s   p50 ${p50.padStart(7)} ms   p99 ${p99.padStart(7)} ms`;
}

/**
 * The ceiling intake is compared with: a bare `node:http` server on the same machine that parses
 * each report and answers 202, writing nothing.
 */
async function startNoDiskServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end('{"accepted":true}');
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    close: listening.close,
  };
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
    const bareHttp = await startNoDiskServer();
    let ceiling: LoadResult;
    try {
      await sendReports(bareHttp.url, 64, 300); // warm-up
      ceiling = await sendReports(bareHttp.url, 64, REPORTS_PER_RUN);
      console.log(line('no-disk node:http, 64 clients', ceiling));
      // The latency floor of this machine at the backlog runs' concurrency.
      console.log(line('no-disk node:http, 16 clients', await sendReports(bareHttp.url, 16, 1000)));
    } finally {
      await bareHttp.close();
    }
    for (const clients of [1, 16, 64]) {
      const daemon = await intakeDaemon(llm.baseUrl);
      try {
        await sendReports(daemon.url, clients, 300); // warm-up
        const result = await sendReports(daemon.url, clients, REPORTS_PER_RUN);
        console.log(line(`${clients} concurrent client(s)`, result));
        if (clients === 64)
          console.log(`  = ${(rateOf(result) / rateOf(ceiling)).toFixed(2)}× the no-disk node:http server`);
      } finally {
        await daemon.stop();
      }
    }
    const bare = await intakeDaemon(null);
    try {
      await sendReports(bare.url, 64, 300);
      console.log(line('64 clients, no LLM configured*', await sendReports(bare.url, 64, REPORTS_PER_RUN)));
      console.log('  * every report is also turned into a failed brief at once, competing with intake');
    } finally {
      await bare.stop();
    }

    console.log('\n# Write cost with the outbox backlog (16 clients, 1000 reports each; then 1 client)');
    const daemon = await intakeDaemon(llm.baseUrl);
    try {
      let pending = 0;
      for (const backlog of [1, 1000, 10_000]) {
        if (backlog > pending) {
          await sendReports(daemon.url, 64, backlog - pending);
          pending = backlog;
        }
        const result = await sendReports(daemon.url, 16, 1000);
        console.log(line(`backlog ${backlog} pending entries`, result));
        pending += 1000;
      }
      // One report at a time: what a 202 costs with 10,000 pending when nothing else competes.
      console.log(line('backlog 11000 pending, 1 client', await sendReports(daemon.url, 1, 500)));
      const outbox = await outboxStatus(daemon);
      console.log(`(${outbox.pending} reports pending at the end)`);
    } finally {
      await daemon.stop();
    }
  } finally {
    await llm.close();
  }
}
