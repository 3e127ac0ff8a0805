// Wall time of `ringback hook claude-code` posting to a running daemon, against a bare
// `node -e 0`: the hook runs at the end of every agent turn, so it must cost about nothing.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '@ringback/test';
import { median, RINGBACK_BIN, startBenchDaemon, tempDir } from './support';

const RUNS = 25;

function timeRuns(args: string[], input: string, env: NodeJS.ProcessEnv): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = spawnSync(process.execPath, args, { input, env, stdio: ['pipe', 'ignore', 'ignore'] });
    times.push(performance.now() - t0);
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  }
  return times;
}

export async function benchHookOverhead(): Promise<void> {
  console.log(`\n# Hook overhead: median wall time of ${RUNS} runs`);
  const dataDir = await tempDir('ringback-bench-hook-');
  const port = await freePort();
  await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: port }), { mode: 0o600 });
  const daemon = await startBenchDaemon(dataDir, port);
  try {
    const env = { ...process.env, RINGBACK_HOME: dataDir, MULTICA_ISSUE_ID: '', MULTICA_TASK_ID: '' };
    const payload = JSON.stringify({
      session_id: 'bench-session',
      cwd: '/home/dev/app',
      transcript_path: '/nonexistent.jsonl',
      stop_hook_active: false,
      last_assistant_message: 'Refactored the billing module; all 214 tests pass.',
    });
    timeRuns(['-e', '0'], '', env); // warm the file cache
    const bare = median(timeRuns(['-e', '0'], '', env));
    const hook = median(timeRuns([RINGBACK_BIN, 'hook', 'claude-code'], payload, env));
    console.log(`bare node -e 0                     ${bare.toFixed(1)} ms`);
    console.log(
      `ringback hook claude-code          ${hook.toFixed(1)} ms   (${(hook / bare).toFixed(2)}x bare node; target <= 1.30x)`,
    );
  } finally {
    await daemon.stop();
  }
}
