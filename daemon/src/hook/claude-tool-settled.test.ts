import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ToolSettledWatch, watchClaudeToolSettled } from './claude-tool-settled';

// What Claude Code 2.1.197 wrote when Yes was pressed at its dialog beside a waiting hook: the
// call (written as the dialog showed) and, once the command had run, its result.
const [CALL, RESULT] = readFileSync(
  new URL('./fixtures/claude-code-transcript-yes-at-terminal.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const ASKED = { command: 'sleep 8; touch yes2.txt', description: 'Run the requested command' };

// What Claude Code 2.1.197 wrote for two identical calls in one answer (same command): both calls,
// then each result once its command had run. It asks about the second only after the first ran.
const [CALL_A, CALL_B, RESULT_A, RESULT_B] = readFileSync(
  new URL('./fixtures/claude-code-transcript-identical-calls.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const TWICE = { command: 'sleep 3; touch slept.txt', description: 'Run the requested command' };

const line = (entry: unknown, changes: Record<string, unknown> = {}) =>
  `${JSON.stringify({ ...(entry as object), ...changes })}\n`;
const withId = (entry: unknown, id: string) =>
  JSON.parse(JSON.stringify(entry).replaceAll('toolu_1796227016805', id)) as Record<string, unknown>;

const dirs: string[] = [];
const watches: ToolSettledWatch[] = [];
afterEach(() => {
  for (const watch of watches.splice(0)) watch.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function transcript(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ringback-transcript-'));
  dirs.push(dir);
  return join(dir, 'session.jsonl');
}

function watch(path: string, since: number, input: Record<string, unknown> = ASKED) {
  const watching = watchClaudeToolSettled(path, 'Bash', input, since);
  watches.push(watching);
  let settled = false;
  void watching.settled.then(() => {
    settled = true;
  });
  return { isSettled: () => settled, settled: watching.settled };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();

describe('watchClaudeToolSettled', () => {
  it('settles when the result of the asked call is written after the request', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(path, line(CALL, { timestamp: iso(since - 200) }));
    const watching = watch(path, since);
    // The dialog waits: other entries come and go, none settles the call.
    appendFileSync(path, line({ type: 'system', subtype: 'turn_duration', timestamp: iso(since + 10) }));
    await pause(700);
    expect(watching.isSettled()).toBe(false);
    appendFileSync(path, line(RESULT, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it('settles on a refusal written as the call result too', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(path, line(CALL, { timestamp: iso(since) }));
    const watching = watch(path, since);
    const refused = JSON.parse(
      JSON.stringify(RESULT).replace('(Bash completed with no output)', "The user doesn't want to proceed"),
    );
    appendFileSync(path, line(refused, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it('waits for a transcript not yet written, and for the call written after the hook started', async () => {
    const path = transcript();
    const since = Date.now();
    const watching = watch(path, since);
    await pause(400);
    writeFileSync(path, line(CALL, { timestamp: iso(Date.now()) }));
    await pause(400);
    expect(watching.isSettled()).toBe(false);
    appendFileSync(path, line(RESULT, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it('reads a line written in two pieces', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(path, line(CALL, { timestamp: iso(since) }));
    const watching = watch(path, since);
    const result = line(RESULT, { timestamp: iso(Date.now()) });
    appendFileSync(path, result.slice(0, 100));
    await pause(400);
    expect(watching.isSettled()).toBe(false);
    appendFileSync(path, result.slice(100));
    await watching.settled;
  });

  it('is not settled by an earlier identical call, another command, or another tool', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(
      path,
      // The same command, asked and run a minute ago.
      line(withId(CALL, 'toolu_old'), { timestamp: iso(since - 60_000) }) +
        line(withId(RESULT, 'toolu_old'), { timestamp: iso(since - 59_000) }) +
        line(CALL, { timestamp: iso(since) }),
    );
    const watching = watch(path, since);
    const other = JSON.parse(JSON.stringify(withId(CALL, 'toolu_other')).replace('sleep 8;', 'sleep 9;'));
    appendFileSync(
      path,
      line(other, { timestamp: iso(Date.now()) }) +
        line(withId(RESULT, 'toolu_other'), { timestamp: iso(Date.now()) }),
    );
    await pause(700);
    expect(watching.isSettled()).toBe(false);
  });

  it('matches the call when the payload adds fields the model did not write', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(path, line(CALL, { timestamp: iso(since) }));
    const watching = watch(path, since, { ...ASKED, timeout: 120000 });
    appendFileSync(path, line(RESULT, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it("is not settled by an identical call's result: the second hook waits for its own call", async () => {
    const path = transcript();
    // The second call's hook starts just after the first call's result was dated (Claude Code asks
    // about the second once the first has run); its transcript line may come even later.
    const since = Date.now();
    writeFileSync(
      path,
      line(CALL_A, { timestamp: iso(since - 3_500) }) + line(CALL_B, { timestamp: iso(since - 3_400) }),
    );
    const watching = watch(path, since, TWICE);
    await pause(300);
    appendFileSync(path, line(RESULT_A, { timestamp: iso(since - 300) }));
    await pause(700);
    expect(watching.isSettled()).toBe(false);
    appendFileSync(path, line(RESULT_B, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it("settles the first of two identical calls on its own result, while the second's is still to come", async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(path, line(CALL_A, { timestamp: iso(since) }) + line(CALL_B, { timestamp: iso(since) }));
    const watching = watch(path, since, TWICE);
    await pause(300);
    expect(watching.isSettled()).toBe(false);
    appendFileSync(path, line(RESULT_A, { timestamp: iso(Date.now()) }));
    await watching.settled;
  });

  it('settles on a result dated just before the hook started when no identical call is left (Yes pressed first)', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(
      path,
      line(CALL, { timestamp: iso(since - 800) }) + line(RESULT, { timestamp: iso(since - 300) }),
    );
    await watch(path, since).settled;
  });

  it('does not take a result dated before the hook started while the dialog is still asking', async () => {
    const path = transcript();
    const since = Date.now();
    writeFileSync(
      path,
      line(CALL, { timestamp: iso(since - 800) }) + line(RESULT, { timestamp: iso(since - 300) }),
    );
    let asking = true;
    const watching = watchClaudeToolSettled(path, 'Bash', ASKED, since, { stillAsking: () => asking });
    watches.push(watching);
    let settled = false;
    void watching.settled.then(() => {
      settled = true;
    });
    await pause(600);
    expect(settled).toBe(false);
    asking = false;
    await watching.settled;
  });

  it('never settles on a path that cannot be read', async () => {
    const watching = watch(join(tmpdir(), 'no-such-dir-ringback', 'x.jsonl'), Date.now());
    await pause(600);
    expect(watching.isSettled()).toBe(false);
  });
});
