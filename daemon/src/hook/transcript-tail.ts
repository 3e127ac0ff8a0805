import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { TRANSCRIPT_TAIL_LIMIT_BYTES } from './hook-constants';

const CHUNK_BYTES = 64 * 1024;

function assistantText(line: string): string | null {
  if (!line.includes('"assistant"')) return null;
  try {
    const entry = JSON.parse(line) as { type?: string; message?: { role?: string; content?: unknown } };
    if (entry.type !== 'assistant' && entry.message?.role !== 'assistant') return null;
    const content = entry.message?.content;
    if (typeof content === 'string') return content.trim() || null;
    if (!Array.isArray(content)) return null;
    const text = content
      .filter(
        (part): part is { type: 'text'; text: string } =>
          part?.type === 'text' && typeof part.text === 'string',
      )
      .map((part) => part.text)
      .join('\n')
      .trim();
    return text || null;
  } catch {
    return null;
  }
}

/**
 * The last assistant message with text in a Claude Code transcript (JSONL), reading the file
 * backwards in chunks so a transcript of any length costs at most the tail limit.
 */
export function lastAssistantMessage(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    let position = fstatSync(fd).size;
    let carry = Buffer.alloc(0);
    let read = 0;
    while (position > 0 && read < TRANSCRIPT_TAIL_LIMIT_BYTES) {
      const length = Math.min(CHUNK_BYTES, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      readSync(fd, chunk, 0, length, position);
      read += length;
      const buffer = Buffer.concat([chunk, carry]);
      // Complete lines are those after the first newline (unless we reached the file start).
      const firstNewline = position > 0 ? buffer.indexOf(10) : -1;
      const complete =
        firstNewline >= 0 ? buffer.subarray(firstNewline + 1) : position === 0 ? buffer : Buffer.alloc(0);
      carry =
        firstNewline >= 0 ? buffer.subarray(0, firstNewline + 1) : position === 0 ? Buffer.alloc(0) : buffer;
      const lines = complete.toString('utf8').split('\n');
      for (let i = lines.length - 1; i >= 0; i--) {
        const text = assistantText(lines[i] ?? '');
        if (text) return text;
      }
    }
    return null;
  } finally {
    closeSync(fd);
  }
}
