import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DialogWatch, watchClaudeDialog } from './claude-dialog-status';

// Claude Code 2.1.197's session status while its permission dialog showed, and after Yes there.
const [ASKING, BUSY] = readFileSync(
  new URL('./fixtures/claude-code-session-status.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

const dirs: string[] = [];
const watches: DialogWatch[] = [];
afterEach(() => {
  for (const watch of watches.splice(0)) watch.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ringback-claude-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'sessions'));
  return dir;
}

const write = (dir: string, pid: number, status: unknown, sessionId = 'sess-1') =>
  writeFileSync(
    join(dir, 'sessions', `${pid}.json`),
    JSON.stringify({ ...(status as object), pid, sessionId }),
  );

function watch(dir: string, sessionId = 'sess-1') {
  const watching = watchClaudeDialog(sessionId, { CLAUDE_CONFIG_DIR: dir });
  watches.push(watching);
  let answered = false;
  void watching.answered.then(() => {
    answered = true;
  });
  return { ...watching, isAnswered: () => answered };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchClaudeDialog', () => {
  it('is answered when the dialog it saw asking no longer asks', async () => {
    const dir = configDir();
    write(dir, 10, ASKING);
    const watching = watch(dir);
    await pause(250);
    expect(watching.asking()).toBe(true);
    expect(watching.isAnswered()).toBe(false);
    write(dir, 10, BUSY);
    await watching.answered;
    expect(watching.asking()).toBe(false);
  });

  it('is answered when the agent ends (its status file goes) after asking', async () => {
    const dir = configDir();
    write(dir, 10, ASKING);
    const watching = watch(dir);
    await pause(250);
    unlinkSync(join(dir, 'sessions', '10.json'));
    await watching.answered;
  });

  it('never settles on a status it did not see asking first, nor another session, nor two files for one session', async () => {
    const busy = configDir();
    write(busy, 10, BUSY);
    const notYet = watch(busy);
    const twice = configDir();
    write(twice, 10, ASKING);
    write(twice, 11, ASKING);
    const ambiguous = watch(twice);
    const other = configDir();
    write(other, 10, ASKING, 'another');
    const elsewhere = watch(other);
    await pause(300);
    write(twice, 10, BUSY);
    write(twice, 11, BUSY);
    write(other, 10, BUSY, 'another');
    await pause(400);
    expect([notYet, ambiguous, elsewhere].map((w) => [w.isAnswered(), w.asking()])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});
