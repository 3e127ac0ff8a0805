// CPU time and memory of processes on this machine, read from Linux's /proc.
import { readdir, readFile } from 'node:fs/promises';

/** Linux reports process CPU time in clock ticks of 10 ms (USER_HZ 100). */
const MS_PER_CLOCK_TICK = 10;

/** The fields of /proc/<pid>/stat after the parenthesised command name (which may hold spaces). */
async function statFields(pid: number): Promise<string[]> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

// Indexes into statFields: the man page's field numbers (proc(5)) minus 3.
const PPID = 1;
const UTIME = 11;
const STIME = 12;
const CUTIME = 13;
const CSTIME = 14;

/** User + system CPU time the process itself has used so far, in ms. */
export async function processCpuMs(pid: number): Promise<number> {
  const fields = await statFields(pid);
  return (Number(fields[UTIME]) + Number(fields[STIME])) * MS_PER_CLOCK_TICK;
}

/**
 * CPU time of a process tree whose children come and go, in ms: the process's own time, the time
 * of the children it has reaped (cutime + cstime: a child that exits mid-run is counted whole
 * there), and the own time of every child alive now. Taken before and after a run, the difference
 * is what the tree spent in between, whichever children lived through it.
 */
export async function processTreeCpuMs(pid: number): Promise<number> {
  const fields = await statFields(pid);
  let ticks = Number(fields[UTIME]) + Number(fields[STIME]) + Number(fields[CUTIME]) + Number(fields[CSTIME]);
  for (const child of await childrenOf(pid)) {
    // A child may exit between the listing and the read: its time is then in cutime next time.
    const childFields = await statFields(child).catch(() => null);
    if (childFields) ticks += Number(childFields[UTIME]) + Number(childFields[STIME]);
  }
  return ticks * MS_PER_CLOCK_TICK;
}

/** The process's live children: from /proc/<pid>/task/<pid>/children, else by scanning /proc. */
export async function childrenOf(pid: number): Promise<number[]> {
  const listed = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => null);
  if (listed !== null) return listed.split(' ').filter(Boolean).map(Number);
  const children: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = await statFields(Number(name)).catch(() => null);
    if (fields && Number(fields[PPID]) === pid) children.push(Number(name));
  }
  return children;
}

/** The parent's pid (to find a PostgreSQL server's postmaster from one of its backends). */
export async function parentOf(pid: number): Promise<number> {
  return Number((await statFields(pid))[PPID]);
}

/** VmRSS of the process, in KB. */
export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}
