import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Harness, SPEAK_MS, startInCall } from './in-call-fakes';
import {
  progressFraction,
  selectAnswerCaption,
  selectAnswerFailed,
  selectAnswerSoFar,
  selectCurrentSegmentIndex,
  selectCurrentSentence,
  selectCurrentSentenceIndex,
  selectProgress,
  selectQuestion,
  selectVoiceMode,
  selectVoiceUnavailable,
} from './in-call-selectors';

let call: Harness | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  call?.actor.stop();
  vi.useRealTimers();
});

describe('in-call selectors', () => {
  it('follow the current sentence, segment and progress', async () => {
    call = startInCall();
    const { actor } = call;
    expect(selectCurrentSentence(actor.getSnapshot())).toBe('The build passed.');
    expect(selectProgress(actor.getSnapshot())).toBe(0);
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 3);
    expect(selectCurrentSegmentIndex(actor.getSnapshot())).toBe(1);
    expect(selectCurrentSentenceIndex(actor.getSnapshot())).toBe(1);
    expect(selectCurrentSentence(actor.getSnapshot())).toBe('It now keeps 3.5 intact.');
    expect(selectProgress(actor.getSnapshot())).toBe(3 / 5);
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 2);
    expect(selectProgress(actor.getSnapshot())).toBe(1);
  });

  it('show the question, the answer so far and the answer sentence being spoken', async () => {
    call = startInCall();
    const { actor, answer } = call;
    actor.send({ type: 'interrupt' });
    expect(selectAnswerCaption(actor.getSnapshot())).toBe('');
    actor.send({ type: 'question.ask', text: 'Which tests?' });
    answer({ type: 'answer.sentence', text: 'The parser tests.' });
    answer({ type: 'answer.sentence', text: 'That is all.' });
    expect(selectQuestion(actor.getSnapshot())).toBe('Which tests?');
    expect(selectAnswerCaption(actor.getSnapshot())).toBe('The parser tests.');
    expect(selectAnswerSoFar(actor.getSnapshot())).toBe('The parser tests. That is all.');
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(selectAnswerCaption(actor.getSnapshot())).toBe('That is all.');
    answer({ type: 'answer.failed', message: 'boom' });
    expect(selectAnswerFailed(actor.getSnapshot())).toBe('boom');
    expect(selectQuestion(actor.getSnapshot())).toBe('');
  });

  it('show the voice mode and its notice', async () => {
    call = startInCall({ voiceErrors: { 'The build passed.': { voiceUnavailable: true } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectVoiceMode(call.actor.getSnapshot())).toBe('text');
    expect(selectVoiceUnavailable(call.actor.getSnapshot())).toBe(true);
  });

  it('compute progress as a pure function too', () => {
    const segments = [{ kind: 'spoken' as const, sentences: ['a', 'b', 'c', 'd'] }];
    expect(progressFraction(segments, { segment: 0, sentence: 2 }, false)).toBe(0.5);
    expect(progressFraction(segments, { segment: 0, sentence: 3 }, true)).toBe(1);
    expect(progressFraction([], { segment: 0, sentence: 0 }, false)).toBe(1);
  });
});
