import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Harness, SPEAK_MS, startInCall } from './in-call-fakes';

let call: Harness | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  call?.actor.stop();
  call = undefined;
  vi.useRealTimers();
});

function begin(options?: Parameters<typeof startInCall>[0]): Harness {
  call = startInCall(options);
  return call;
}

/** Starts a call, lets the first sentence play, and pauses on the second. */
async function pausedOnSecondSentence(options?: Parameters<typeof startInCall>[0]): Promise<Harness> {
  const harness = begin(options);
  await vi.advanceTimersByTimeAsync(SPEAK_MS);
  harness.actor.send({ type: 'interrupt' });
  harness.log.length = 0;
  return harness;
}

describe('inCallMachine: continue words', () => {
  it.each([
    'continue',
    'Go on.',
    'keep going',
    '继续',
    '接着说',
    '好的，继续吧',
    'weiter',
    'continuer',
    'OK, carry on please',
  ])('resumes on %j without calling the model', async (text) => {
    const { actor, log, questions } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log).toEqual(['brief 0/1 Two tests were added.']);
    expect(questions).toEqual([]);
    expect(actor.getSnapshot().context.history).toEqual([]);
  });

  it('does nothing with a continue word while playing or after the end', async () => {
    const { actor, log, questions } = begin();
    expect(actor.getSnapshot().can({ type: 'question.ask', text: 'continue' })).toBe(false);
    actor.send({ type: 'question.ask', text: 'continue' });
    expect(log).toEqual(['brief 0/0 The build passed.']);

    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    actor.send({ type: 'question.ask', text: '继续' });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(questions).toEqual([]);
  });

  it('ignores an empty question', async () => {
    const { actor, questions } = await pausedOnSecondSentence();
    expect(actor.getSnapshot().can({ type: 'question.ask', text: '   ' })).toBe(false);
    actor.send({ type: 'question.ask', text: '   ' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(questions).toEqual([]);
  });
});

describe('inCallMachine: questions', () => {
  it('asks the model with the question, the history and the listening progress', async () => {
    const { actor, questions } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: '  Which tests?  ' });
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    expect(actor.getSnapshot().hasTag('paused')).toBe(false);
    expect(questions).toEqual([
      {
        question: 'Which tests?',
        history: [],
        progress: { segment: 0, sentence: 1, furthest: { segment: 0, sentence: 1 } },
      },
    ]);
  });

  it('speaks streamed sentences in order while more stream in, then pauses at the brief position', async () => {
    const { actor, log, answer, streamsStopped } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    expect(actor.getSnapshot().hasTag('speaking')).toBe(false);

    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    expect(log).toEqual(['answer 0 The parser tests.']);
    // Two more arrive while the first is still playing: they wait their turn.
    answer({ type: 'answer.sentence', text: 'And one for numbers.' });
    answer({ type: 'answer.sentence', text: 'That is all.' });
    expect(log).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(log).toEqual(['answer 0 The parser tests.', 'answer 1 And one for numbers.']);
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(log.at(-1)).toBe('answer 2 That is all.');
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    // All spoken but the stream is not done: it keeps waiting.
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);

    answer({ type: 'answer.done', text: 'The parser tests. And one for numbers. That is all.' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('paused')).toBe(true);
    expect(snapshot.context.position).toEqual({ segment: 0, sentence: 1 });
    expect(snapshot.context.answer).toBeNull();
    expect(snapshot.context.history).toEqual([
      { role: 'user', text: 'Which tests?' },
      { role: 'assistant', text: 'The parser tests. And one for numbers. That is all.' },
    ]);
    expect(streamsStopped()).toBe(1);

    // The user chooses to resume: the brief goes on where it was.
    actor.send({ type: 'resume' });
    expect(log.at(-1)).toBe('brief 0/1 Two tests were added.');
  });

  it('finishes speaking the queue after the stream is done', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.sentence', text: 'That is all.' });
    answer({ type: 'answer.done', text: 'The parser tests. That is all.' });
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(log).toEqual(['answer 0 The parser tests.', 'answer 1 That is all.']);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('speaks the full text when the host sends no sentences before done', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.done', text: 'The parser tests. That is all.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 2);
    expect(log).toEqual(['answer 0 The parser tests.', 'answer 1 That is all.']);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('ignores stream events after done', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.done', text: 'The parser tests.' });
    answer({ type: 'answer.sentence', text: 'Late sentence here.' });
    answer({ type: 'answer.done', text: 'Something else entirely.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 3);
    expect(log).toEqual(['answer 0 The parser tests.']);
    expect(actor.getSnapshot().context.history.at(-1)).toEqual({
      role: 'assistant',
      text: 'The parser tests.',
    });
  });

  it('interrupts playback to answer a question asked while playing, then pauses there', async () => {
    const { actor, log, answer, questions } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS + 200);
    actor.send({ type: 'question.ask', text: 'Why?' });
    expect(log).toEqual([
      'brief 0/0 The build passed.',
      'brief 0/1 Two tests were added.',
      'stop Two tests were added.',
    ]);
    expect(questions[0]?.progress).toEqual({
      segment: 0,
      sentence: 1,
      furthest: { segment: 0, sentence: 1 },
    });
    answer({ type: 'answer.done', text: 'Because it was needed.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('returns to finished when the question came after the end', async () => {
    const { actor, answer } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    actor.send({ type: 'question.ask', text: 'Anything else?' });
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    answer({ type: 'answer.done', text: 'No, nothing else.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 2, sentence: 0 });
  });

  it('passes earlier questions and answers as history to the next question', async () => {
    const { actor, answer, questions } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'First question?' });
    answer({ type: 'answer.done', text: 'First answer here.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    actor.send({ type: 'question.ask', text: 'Second question?' });
    expect(questions[1]).toEqual({
      question: 'Second question?',
      history: [
        { role: 'user', text: 'First question?' },
        { role: 'assistant', text: 'First answer here.' },
      ],
      progress: { segment: 0, sentence: 1, furthest: { segment: 0, sentence: 1 } },
    });
  });
});

describe('inCallMachine: leaving an answer early', () => {
  it('interrupt stops the stream and the voice, keeping what arrived in the conversation', async () => {
    const { actor, log, answer, streamsStopped } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    actor.send({ type: 'interrupt' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(log).toEqual(['answer 0 The parser tests.', 'stop The parser tests.']);
    expect(streamsStopped()).toBe(1);
    expect(actor.getSnapshot().context.history).toEqual([
      { role: 'user', text: 'Which tests?' },
      { role: 'assistant', text: 'The parser tests.' },
    ]);
  });

  it('a new question replaces the answer in progress', async () => {
    const { actor, answer, questions, streamsStopped } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    actor.send({ type: 'question.ask', text: 'Actually, why?' });
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    expect(streamsStopped()).toBe(1);
    expect(questions[1]?.history).toEqual([{ role: 'user', text: 'Which tests?' }]);
    answer({ type: 'answer.done', text: 'Because it was needed.' });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('a continue word or resume during an answer stops it and resumes the brief', async () => {
    for (const event of [{ type: 'question.ask', text: 'go on' } as const, { type: 'resume' } as const]) {
      const { actor, log, questions } = await pausedOnSecondSentence();
      actor.send({ type: 'question.ask', text: 'Which tests?' });
      actor.send(event);
      expect(actor.getSnapshot().hasTag('playing')).toBe(true);
      expect(log.at(-1)).toBe('brief 0/1 Two tests were added.');
      expect(questions).toHaveLength(1);
      actor.stop();
    }
  });

  it('a continue word during an answer after the end goes back to finished', async () => {
    const { actor } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    actor.send({ type: 'question.ask', text: 'Anything else?' });
    actor.send({ type: 'question.ask', text: 'continue' });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
  });

  it('a segment jump during an answer stops it and plays that segment', async () => {
    const { actor, log, streamsStopped } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    actor.send({ type: 'segment.jump', index: 1 });
    expect(streamsStopped()).toBe(1);
    expect(log.at(-1)).toBe('brief 1/0 Parser.');
  });
});

describe('inCallMachine: answer failures', () => {
  it('a failed model call pauses with a notice giving the reason and the question kept; nothing crashes', async () => {
    const { actor, answer } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.failed', message: 'llm.example refused the API key' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('paused')).toBe(true);
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.notices.answerFailed).toBe('llm.example refused the API key');
    expect(snapshot.context.position).toEqual({ segment: 0, sentence: 1 });
    expect(snapshot.context.history).toEqual([{ role: 'user', text: 'Which tests?' }]);

    // The next question clears the notice.
    actor.send({ type: 'question.ask', text: 'Try again?' });
    expect(actor.getSnapshot().context.notices.answerFailed).toBeNull();
  });

  it('a failure mid-stream stops the answer audio', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence();
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.failed', message: 'connection reset' });
    expect(log).toEqual(['answer 0 The parser tests.', 'stop The parser tests.']);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('reads answer sentences on timers once the voice is unavailable', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence({
      voiceErrors: { 'The parser tests.': { voiceUnavailable: true } },
    });
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.sentence', text: 'That is all.' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
    expect(actor.getSnapshot().context.notices.voiceUnavailable).toBe(true);
    // 'The parser tests.' 17 × 220 = 3740 ms; 'That is all.' 12 × 220 = 2640 ms.
    await vi.advanceTimersByTimeAsync(3740);
    expect(actor.getSnapshot().context.answer?.spoken).toBe(1);
    answer({ type: 'answer.done', text: 'The parser tests. That is all.' });
    await vi.advanceTimersByTimeAsync(2640);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(log).toEqual(['answer 0 The parser tests.']);
  });

  it('times one answer sentence after a one-off playback error, then speaks again', async () => {
    const { actor, log, answer } = await pausedOnSecondSentence({
      voiceErrors: { 'The parser tests.': new Error('decode failed') },
    });
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.sentence', text: 'That is all.' });
    await vi.advanceTimersByTimeAsync(3740);
    expect(log).toEqual(['answer 0 The parser tests.', 'answer 1 That is all.']);
    expect(actor.getSnapshot().context.voice).toBe('speech');
  });
});
