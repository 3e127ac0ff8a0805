import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasCodexRollout } from './codex-rollout';
import { CODEX_DAY_FOLDER_LIMIT } from './hook-constants';

const THREAD = '0199a213-81c0-7800-8aa1-bbab2a035a53';
const OTHER_THREAD = '0199a213-81c0-7800-8aa1-000000000001';

let root: string;
let sessions: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ringback-codex-'));
  sessions = join(root, 'sessions');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** `<sessions>/YYYY/MM/DD/<name>`, as Codex lays out its rollout files. */
async function rolloutFile(day: string, name: string): Promise<string> {
  const [year, month, date] = day.split('-') as [string, string, string];
  const folder = join(sessions, year, month, date);
  await mkdir(folder, { recursive: true });
  const path = join(folder, name);
  await writeFile(path, '{"type":"session_meta"}\n');
  return path;
}
const rolloutName = (day: string, thread: string) => `rollout-${day}T10-15-30-${thread}.jsonl`;
const rollout = (day: string, thread: string) => rolloutFile(day, rolloutName(day, thread));

/** `count` consecutive days ending with `last` (YYYY-MM-DD), newest first. */
function daysBefore(last: string, count: number): string[] {
  const time = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(time - i * 86_400_000).toISOString().slice(0, 10));
}

describe('hasCodexRollout', () => {
  it('finds the rollout file of a thread in its day folder', async () => {
    await rollout('2025-06-01', THREAD);
    expect(hasCodexRollout(sessions, THREAD)).toBe(true);
  });

  it('does not take another thread’s rollout, or a look-alike file, for this thread', async () => {
    await rollout('2025-06-01', OTHER_THREAD);
    await rolloutFile('2025-06-01', `rollout-2025-06-01T10-15-30-${THREAD}.jsonl.bak`);
    await rolloutFile('2025-06-01', `${THREAD}.jsonl`);
    await rolloutFile('2025-06-01', `rollout-2025-06-01T10-15-30-x${THREAD}.jsonl`);
    expect(hasCodexRollout(sessions, THREAD)).toBe(false);
    expect(hasCodexRollout(sessions, OTHER_THREAD)).toBe(true);
  });

  it('answers false when the sessions folder does not exist', () => {
    expect(hasCodexRollout(join(root, 'no-such-dir'), THREAD)).toBe(false);
  });

  it('refuses thread ids with path or pattern characters, even when a file would match them', async () => {
    // Without the id check, `endsWith('-...jsonl')` would accept this file for the id '..'.
    await rolloutFile('2025-06-01', 'rollout-2025-...jsonl');
    await rollout('2025-06-01', THREAD);
    for (const id of ['..', '../x', `../${THREAD}`, `${THREAD}/..`, '*', '', 'a b']) {
      expect(hasCodexRollout(sessions, id), id).toBe(false);
    }
  });

  it('finds a thread in an older day folder behind newer folders, across months and years', async () => {
    await rollout('2024-12-31', THREAD);
    for (const day of ['2025-01-01', '2025-01-02', '2025-02-10', '2026-01-01'])
      await rollout(day, OTHER_THREAD);
    await mkdir(join(sessions, '2025', '03', '04'), { recursive: true });
    expect(hasCodexRollout(sessions, THREAD)).toBe(true);
  });

  it(`searches at most the ${CODEX_DAY_FOLDER_LIMIT} newest day folders`, async () => {
    const days = daysBefore('2025-06-30', CODEX_DAY_FOLDER_LIMIT + 1);
    await Promise.all(days.map((day) => mkdir(join(sessions, ...day.split('-')), { recursive: true })));
    // The oldest of LIMIT + 1 folders is out of reach; the oldest of LIMIT folders is not.
    const oldest = days[CODEX_DAY_FOLDER_LIMIT] as string;
    const lastSearched = days[CODEX_DAY_FOLDER_LIMIT - 1] as string;
    await rollout(oldest, THREAD);
    await rollout(lastSearched, OTHER_THREAD);
    expect(hasCodexRollout(sessions, THREAD)).toBe(false);
    expect(hasCodexRollout(sessions, OTHER_THREAD)).toBe(true);
  });

  describe('the transcript_path fast path', () => {
    it('accepts an existing rollout file named as the transcript, wherever it lies under sessions', async () => {
      // Outside the YYYY/MM/DD layout, so only the fast path can find it.
      const folder = join(sessions, 'imported');
      await mkdir(folder, { recursive: true });
      const path = join(folder, rolloutName('2025-06-01', THREAD));
      await writeFile(path, '{}\n');
      expect(hasCodexRollout(sessions, THREAD)).toBe(false);
      expect(hasCodexRollout(sessions, THREAD, path)).toBe(true);
    });

    it('does not trust a transcript outside sessions, of another thread, or that does not exist', async () => {
      const outside = join(root, 'elsewhere', rolloutName('2025-06-01', THREAD));
      await mkdir(join(root, 'elsewhere'), { recursive: true });
      await writeFile(outside, '{}\n');
      expect(hasCodexRollout(sessions, THREAD, outside)).toBe(false);

      const other = await rolloutFile('2025-06-01', rolloutName('2025-06-01', OTHER_THREAD));
      expect(hasCodexRollout(sessions, THREAD, other)).toBe(false);

      const missing = join(sessions, '2025', '06', '02', rolloutName('2025-06-02', THREAD));
      expect(hasCodexRollout(sessions, THREAD, missing)).toBe(false);

      // A sibling folder whose name merely starts with "sessions" is not under it.
      const sibling = join(`${sessions}-old`, rolloutName('2025-06-01', THREAD));
      await mkdir(`${sessions}-old`, { recursive: true });
      await writeFile(sibling, '{}\n');
      expect(hasCodexRollout(sessions, THREAD, sibling)).toBe(false);
    });

    it('falls back to the day folders when the transcript path does not settle it', async () => {
      await rollout('2025-06-01', THREAD);
      expect(hasCodexRollout(sessions, THREAD, join(root, 'unrelated.jsonl'))).toBe(true);
    });
  });
});
