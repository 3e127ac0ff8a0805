import { type Mode, mayRingAt, nextChange, type Weekday } from '@ringback/machines';
import { percentile } from './support';

const SCHEDULES = 10_000;
/** A fixed seed, so every run measures the same schedules. */
const SEED = 0x5eed;

/** mulberry32: small, fast and deterministic; the bench needs repeatable, not strong, randomness. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One to three modes that are on, each weekday owned by at most one (as the UI allows), 1–3 ranges each. */
function randomSchedule(random: () => number): Mode[] {
  const count = 1 + Math.floor(random() * 3);
  const owners = Array.from({ length: 7 }, () => Math.floor(random() * (count + 1)) - 1);
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    name: `Mode ${index}`,
    ranges: Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      start: hhmm(Math.floor(random() * 96) * 15),
      end: hhmm(Math.floor(random() * 96) * 15),
    })),
    weekdays: owners.flatMap((owner, day) => (owner === index ? [day as Weekday] : [])),
    rule: random() < 0.5 ? ('ringWithin' as const) : ('silentWithin' as const),
    on: true,
  }));
}

interface Case {
  modes: Mode[];
  now: number;
}

/** Microseconds per call, one timing per schedule. */
function timePerCall(cases: Case[], call: (item: Case) => unknown): number[] {
  const times: number[] = [];
  for (const item of cases) {
    const start = process.hrtime.bigint();
    call(item);
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return times;
}

function line(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return `${label.padEnd(58)} mean ${mean.toFixed(2).padStart(6)} µs   p99 ${percentile(sorted, 99).toFixed(2).padStart(6)} µs`;
}

export async function benchRingSchedule(): Promise<void> {
  const random = seeded(SEED);
  const from = Date.UTC(2026, 0, 1);
  const year = Date.UTC(2027, 0, 1) - from;
  const cases: Case[] = Array.from({ length: SCHEDULES }, () => ({
    modes: randomSchedule(random),
    now: from + Math.floor(random() * year),
  }));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  console.log(`\n# Ring schedule: ${SCHEDULES} random schedules over 2026, µs per call`);
  for (const timeZone of [undefined, 'Europe/Berlin']) {
    const label = timeZone ? `${timeZone} via Intl` : `device zone (${zone})`;
    const next = (item: Case) => nextChange(item.modes, item.now, timeZone);
    const may = (item: Case) => mayRingAt(item.modes, item.now, timeZone);
    // One untimed pass first, so the JIT has compiled what is timed.
    timePerCall(cases, next);
    timePerCall(cases, may);
    console.log(line(`nextChange (look-ahead), ${label}`, timePerCall(cases, next)));
    console.log(line(`mayRingAt, ${label}`, timePerCall(cases, may)));
  }
  const found = cases.filter((item) => nextChange(item.modes, item.now) !== null).length;
  console.log(`  ${found} of ${SCHEDULES} schedules change within the week ahead`);
}
