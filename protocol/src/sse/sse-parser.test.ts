import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onMessage: (message) => messages.push(message),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, comments, retries };
}

describe('createSseParser', () => {
  it('parses typed frames with ids, comments and retry', () => {
    const { messages, comments, retries } = parse([
      'retry: 2000\n: connected\n\nid: 7\nevent: status\ndata: {"a":1}\n\n',
    ]);
    expect(retries).toEqual([2000]);
    expect(comments).toEqual(['connected']);
    expect(messages).toEqual([{ event: 'status', data: '{"a":1}', lastEventId: '7' }]);
  });

  it('joins multi-line data, defaults the type, and keeps the last id', () => {
    const { messages } = parse(['id: 3\ndata: one\ndata: two\n\ndata:three\n\n']);
    expect(messages).toEqual([
      { event: 'message', data: 'one\ntwo', lastEventId: '3' },
      { event: 'message', data: 'three', lastEventId: '3' },
    ]);
  });

  it('handles frames split anywhere, and CRLF or CR line ends even across chunks', () => {
    const text = 'id: 1\r\nevent: event\r\ndata: {"x":"é"}\r\n\r\nid: 2\rdata: y\r\r';
    for (let cut = 1; cut < text.length; cut++) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([
        { event: 'event', data: '{"x":"é"}', lastEventId: '1' },
        { event: 'message', data: 'y', lastEventId: '2' },
      ]);
    }
  });

  it('dispatches nothing for a frame without data, or one not yet ended', () => {
    expect(parse(['event: status\n\n', 'data: partial']).messages).toEqual([]);
  });
});
