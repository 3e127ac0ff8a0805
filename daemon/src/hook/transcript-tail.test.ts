import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRANSCRIPT_TAIL_LIMIT_BYTES } from './hook-constants';
import { lastAssistantMessage } from './transcript-tail';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-transcript-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One line of a Claude Code transcript, in the shape Claude Code writes. */
const assistant = (content: unknown) =>
  JSON.stringify({
    type: 'assistant',
    uuid: 'a1',
    message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4', content },
  });
const user = (content: unknown) =>
  JSON.stringify({ type: 'user', uuid: 'u1', message: { role: 'user', content } });
const toolUse = (name: string) => ({ type: 'tool_use', id: `toolu_${name}`, name, input: { command: 'ls' } });
const toolResult = (text: string) => [{ type: 'tool_result', tool_use_id: 'toolu_Bash', content: text }];

async function transcript(lines: string[], trailingNewline = true): Promise<string> {
  const path = join(dir, 'session.jsonl');
  await writeFile(path, lines.join('\n') + (trailingNewline ? '\n' : ''));
  return path;
}

describe('lastAssistantMessage', () => {
  it('returns the text of the last assistant entry whose content is a string', async () => {
    const path = await transcript([
      user('Fix the failing test'),
      assistant('First attempt.'),
      user('Still failing'),
      assistant('  Fixed: the test now passes.  '),
    ]);
    expect(lastAssistantMessage(path)).toBe('Fixed: the test now passes.');
  });

  it('joins the text parts of a content array, leaving out tool_use and thinking parts', async () => {
    const path = await transcript([
      user('Run the tests'),
      assistant([
        { type: 'thinking', thinking: 'Let me think about it', signature: 'sig' },
        { type: 'text', text: 'All 42 tests pass.' },
        toolUse('Bash'),
        { type: 'text', text: 'Shall I open a PR?' },
      ]),
    ]);
    expect(lastAssistantMessage(path)).toBe('All 42 tests pass.\nShall I open a PR?');
  });

  it('skips later assistant entries that only use tools, and user entries after them', async () => {
    const path = await transcript([
      user('Deploy it'),
      assistant([{ type: 'text', text: 'Deployed to staging.' }]),
      assistant([toolUse('Bash')]),
      user(toolResult('ok')),
      assistant([toolUse('Read'), { type: 'text', text: '   ' }]),
      // A subagent's result mentions "assistant" but is a user entry.
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: toolResult('Subagent finished') },
        toolUseResult: { role: 'assistant', content: [{ type: 'text', text: 'Subagent text' }] },
      }),
    ]);
    expect(lastAssistantMessage(path)).toBe('Deployed to staging.');
  });

  it('reads the last line of a file that does not end with a newline', async () => {
    const path = await transcript([assistant('Older.'), assistant('Newest.')], false);
    expect(lastAssistantMessage(path)).toBe('Newest.');
  });

  it('reassembles a last assistant line that spans several 64 KB chunks, multi-byte text intact', async () => {
    // 200 KB of mixed 1-, 3- and 4-byte characters: chunk boundaries fall inside characters.
    const unit = 'Résumé 漢字 😀 done; ';
    const message = `BEGIN ${unit.repeat(Math.ceil((200 * 1024) / Buffer.byteLength(unit)))} END`;
    expect(Buffer.byteLength(message)).toBeGreaterThan(200 * 1024);
    const path = await transcript([
      ...Array.from({ length: 50 }, (_, i) => user(`earlier line ${i} ${'x'.repeat(1000)}`)),
      assistant('An older answer.'),
      assistant([{ type: 'text', text: message }]),
      ...Array.from({ length: 30 }, (_, i) => user(toolResult(`result ${i} ${'y'.repeat(500)}`))),
    ]);
    expect(lastAssistantMessage(path)).toBe(message);
  });

  it('reassembles a long assistant line that starts the file', async () => {
    const message = `${'a'.repeat(150 * 1024)} the end`;
    const path = await transcript([assistant(message), user('thanks')]);
    expect(lastAssistantMessage(path)).toBe(message);
  });

  it('ignores a malformed trailing line (a write cut short) and returns the entry before it', async () => {
    const cut = assistant('This line was never finished').slice(0, 60);
    const path = await transcript([user('Go'), assistant('Complete answer.'), cut], false);
    expect(lastAssistantMessage(path)).toBe('Complete answer.');
  });

  it('returns null for a missing file, an empty file and a transcript without assistant text', async () => {
    expect(lastAssistantMessage(join(dir, 'missing.jsonl'))).toBeNull();
    await writeFile(join(dir, 'empty.jsonl'), '');
    expect(lastAssistantMessage(join(dir, 'empty.jsonl'))).toBeNull();
    const path = await transcript([user('Hello'), assistant([toolUse('Bash')])]);
    expect(lastAssistantMessage(path)).toBeNull();
  });

  describe('the tail limit', () => {
    /** The assistant line, then `tailBytes` (or a little more) of user lines written in one go. */
    async function assistantThenTail(tailBytes: number): Promise<string> {
      const line = `${user(toolResult('z'.repeat(1000)))}\n`;
      const tail = line.repeat(Math.ceil(tailBytes / line.length));
      const path = join(dir, 'long.jsonl');
      await writeFile(path, `${assistant('Buried answer.')}\n${tail}`);
      return path;
    }

    it('gives up with null when the assistant line lies beyond the limit from the end', async () => {
      const path = await assistantThenTail(TRANSCRIPT_TAIL_LIMIT_BYTES + 1024 * 1024);
      expect(lastAssistantMessage(path)).toBeNull();
    });

    it('still finds the assistant line just inside the limit', async () => {
      const path = await assistantThenTail(TRANSCRIPT_TAIL_LIMIT_BYTES - 256 * 1024);
      expect(lastAssistantMessage(path)).toBe('Buried answer.');
    });
  });
});
