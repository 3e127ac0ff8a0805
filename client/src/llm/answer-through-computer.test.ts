import { describe, expect, it } from 'vitest';
import type { AskOverLink } from '../relay/computer-link';
import { RelayError } from '../relay/relay-error';
import type { AnswerContext } from './answer-messages';
import { streamAnswerThroughComputer } from './answer-through-computer';
import { LlmCallError } from './llm-failure';

const CONTEXT: AnswerContext = {
  report: { source: 'claude-code', text: 'Fixed the login bug.', cwd: '/repo' },
  brief: null,
  progress: { heardSentences: ['Fixed the login bug.'], remainingSentences: [] },
  history: [],
  question: 'Which file?',
  language: 'en-US',
  formOfAddress: 'boss',
};

function computerAnswering(pieces: string[], failure?: RelayError) {
  const asked: Parameters<AskOverLink>[0][] = [];
  const ask: AskOverLink = async function* (request) {
    asked.push(request);
    for (const delta of pieces) yield { type: 'text', delta };
    if (failure) throw failure;
  };
  return { ask, asked };
}

async function collect(stream: AsyncGenerator<string>) {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

describe('questions answered through the computer', () => {
  it('sends the same messages as the direct path and yields the text as it streams', async () => {
    const { ask, asked } = computerAnswering(['It was ', 'login.ts.']);
    expect(await collect(streamAnswerThroughComputer(CONTEXT, ask))).toEqual(['It was ', 'login.ts.']);
    expect(asked[0]?.kind).toBe('model.answer');
    const messages = (asked[0] as { messages: { role: string; content: string }[] }).messages;
    expect(messages.at(-1)).toMatchObject({ role: 'user' });
    expect(messages.at(-1)?.content).toContain('Which file?');
  });

  it('says in words that the computer is offline or has no model', async () => {
    const offline = computerAnswering([], new RelayError(503, 'device_offline', 'offline'));
    await expect(collect(streamAnswerThroughComputer(CONTEXT, offline.ask))).rejects.toThrow(
      'your computer is not connected right now',
    );
    const none = computerAnswering([], new RelayError(0, 'llm_not_configured', 'no model'));
    const failure = await collect(streamAnswerThroughComputer(CONTEXT, none.ask)).catch((error) => error);
    expect(failure).toBeInstanceOf(LlmCallError);
    expect((failure as LlmCallError).reason).toBe('your computer has no model set');
  });

  it('fails an answer with no text', async () => {
    const { ask } = computerAnswering([]);
    await expect(collect(streamAnswerThroughComputer(CONTEXT, ask))).rejects.toThrow(
      'the model gave no answer',
    );
  });
});
