import { readdir, readFile } from 'node:fs/promises';

/**
 * Stops every process whose HOME is `home` or below it: what an agent started in a test's temp
 * HOME and left running (Codex's TUI starts an app-server daemon that outlives it, keeps writing
 * its state there, and would stay after the test). Linux only (/proc). Returns their pids.
 */
export async function stopProcessesUnder(home: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    // A process that ended meanwhile, or one of another user, has nothing to read.
    const environ = await readFile(`/proc/${entry}/environ`, 'latin1').catch(() => '');
    const value = environ.split('\0').find((variable) => variable.startsWith('HOME='));
    const itsHome = value?.slice('HOME='.length);
    if (itsHome === home || itsHome?.startsWith(`${home}/`)) pids.push(Number(entry));
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return pids;
}
