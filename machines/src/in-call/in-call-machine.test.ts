import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readingTimeMs } from './call-position';
import { type Harness, SPEAK_MS, startInCall } from './in-call-fakes';

let call: Harness | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  call?.actor.stop();
  call = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function begin(options?: Parameters<typeof startInCall>[0]): Harness {
  call = startInCall(options);
  return call;
}

describe('inCallMachine: playback', () => {
  it('plays every sentence in order across segments, then waits in finished', async () => {
    const { actor, log, speakInputs } = begin();
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(actor.getSnapshot().hasTag('speaking')).toBe(true);
    expect(speakInputs[0]).toEqual({ text: 'The build passed.', kind: 'brief', segment: 0, sentence: 0 });

    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    expect(log).toEqual([
      'brief 0/0 The build passed.',
      'brief 0/1 Two tests were added.',
      'brief 1/0 Parser.',
      'brief 1/1 It now keeps 3.5 intact.',
      'brief 2/0 Ship it today.',
    ]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('finished')).toBe(true);
    expect(snapshot.hasTag('playing')).toBe(false);
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.position).toEqual({ segment: 2, sentence: 0 });
    expect(snapshot.context.furthest).toEqual({ segment: 2, sentence: 0 });

    // Finished waits: nothing more plays however long it waits.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toHaveLength(5);
  });

  it('does not advance before the sentence has finished playing', async () => {
    const { actor, log } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS - 1);
    expect(log).toEqual(['brief 0/0 The build passed.']);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 0, sentence: 0 });
  });

  it('goes straight to finished when there is nothing to read', () => {
    const { actor, log } = begin({ input: { segments: [{ kind: 'spoken', sentences: [] }] } });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(log).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'replay' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'segment.jump', index: 0 })).toBe(false);
  });

  it('skips segments with no sentences', async () => {
    const { log } = begin({
      input: {
        segments: [
          { kind: 'spoken', sentences: [] },
          { kind: 'card', sentences: ['Only sentence here.'] },
          { kind: 'notes', sentences: [] },
          { kind: 'conclusion', sentences: ['The end of it.'] },
        ],
      },
    });
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 2);
    expect(log).toEqual(['brief 1/0 Only sentence here.', 'brief 3/0 The end of it.']);
  });

  it('seeds decisions from the pending questions', () => {
    const { actor } = begin({ input: { pendingQuestions: ['Merge now?', 'Tag a release?'] } });
    expect(actor.getSnapshot().context.decisions).toEqual([
      { question: 'Merge now?', answer: null },
      { question: 'Tag a release?', answer: null },
    ]);
  });
});

describe('inCallMachine: interrupt and resume', () => {
  it('interrupt stops the sentence and pauses; resume plays it again from its start', async () => {
    const { actor, log } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS + 300);
    actor.send({ type: 'interrupt' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(log).toEqual([
      'brief 0/0 The build passed.',
      'brief 0/1 Two tests were added.',
      'stop Two tests were added.',
    ]);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(log).toHaveLength(3);

    actor.send({ type: 'resume' });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log.at(-1)).toBe('brief 0/1 Two tests were added.');
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(log.at(-1)).toBe('brief 1/0 Parser.');
  });

  it('refuses resume while playing and interrupt while paused', async () => {
    const { actor, log } = begin();
    expect(actor.getSnapshot().can({ type: 'resume' })).toBe(false);
    actor.send({ type: 'resume' });
    expect(log).toEqual(['brief 0/0 The build passed.']);

    actor.send({ type: 'interrupt' });
    expect(actor.getSnapshot().can({ type: 'interrupt' })).toBe(false);
    actor.send({ type: 'interrupt' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
  });

  it('refuses resume and interrupt once finished', async () => {
    const { actor, log } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    expect(actor.getSnapshot().can({ type: 'resume' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'interrupt' })).toBe(false);
    actor.send({ type: 'resume' });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(log).toHaveLength(5);
  });
});

describe('inCallMachine: moving between segments', () => {
  it('segment.next plays the next segment from its start, stopping the current sentence', async () => {
    const { actor, log } = begin();
    actor.send({ type: 'segment.next' });
    expect(log).toEqual(['brief 0/0 The build passed.', 'stop The build passed.', 'brief 1/0 Parser.']);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 1, sentence: 0 });
    expect(actor.getSnapshot().context.furthest).toEqual({ segment: 1, sentence: 0 });
  });

  it('segment.previous goes to the start of the previous segment, also from paused', async () => {
    const { actor, log } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 3);
    actor.send({ type: 'interrupt' });
    actor.send({ type: 'segment.previous' });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log.at(-1)).toBe('brief 0/0 The build passed.');
    // Going back does not lower the furthest position heard.
    expect(actor.getSnapshot().context.furthest).toEqual({ segment: 1, sentence: 1 });
  });

  it('segment.jump plays any segment from its start, also after the end', async () => {
    const { actor, log } = begin();
    actor.send({ type: 'segment.jump', index: 2 });
    expect(log.at(-1)).toBe('brief 2/0 Ship it today.');
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);

    actor.send({ type: 'segment.jump', index: 1 });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log.at(-1)).toBe('brief 1/0 Parser.');
  });

  it('replay starts the brief over', async () => {
    const { actor, log } = begin();
    await vi.advanceTimersByTimeAsync(SPEAK_MS * 5);
    actor.send({ type: 'replay' });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log.at(-1)).toBe('brief 0/0 The build passed.');
  });

  it('refuses moves past either end and jumps to segments that do not exist', async () => {
    const { actor, log } = begin();
    expect(actor.getSnapshot().can({ type: 'segment.previous' })).toBe(false);
    for (const index of [-1, 3, 99, 1.5, Number.NaN]) {
      expect(actor.getSnapshot().can({ type: 'segment.jump', index })).toBe(false);
      actor.send({ type: 'segment.jump', index });
    }
    actor.send({ type: 'segment.previous' });
    expect(log).toEqual(['brief 0/0 The build passed.']);

    actor.send({ type: 'segment.jump', index: 2 });
    expect(actor.getSnapshot().can({ type: 'segment.next' })).toBe(false);
    actor.send({ type: 'segment.next' });
    expect(log).toEqual([
      'brief 0/0 The build passed.',
      'stop The build passed.',
      'brief 2/0 Ship it today.',
    ]);
  });
});

describe('inCallMachine: when the voice fails', () => {
  it('switches to text for the rest of the call when the voice is unavailable', async () => {
    const { actor, log } = begin({ voiceErrors: { 'Two tests were added.': { voiceUnavailable: true } } });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.voice).toBe('text');
    expect(snapshot.context.notices.voiceUnavailable).toBe(true);
    expect(snapshot.hasTag('playing')).toBe(true);
    expect(snapshot.hasTag('reading')).toBe(true);

    // 'Two tests were added.' is 21 characters: 21 × 220 = 4620 ms.
    expect(readingTimeMs('Two tests were added.', 1)).toBe(4620);
    await vi.advanceTimersByTimeAsync(4619);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 0, sentence: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 1, sentence: 0 });

    // No more speech requests: 'Parser.' is shown for 7 × 220 = 1540 ms.
    await vi.advanceTimersByTimeAsync(1540);
    expect(actor.getSnapshot().context.position).toEqual({ segment: 1, sentence: 1 });
    expect(log).toEqual(['brief 0/0 The build passed.', 'brief 0/1 Two tests were added.']);

    // Resuming after a pause stays in text mode.
    actor.send({ type: 'interrupt' });
    actor.send({ type: 'resume' });
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
    expect(log).toHaveLength(2);
  });

  it('divides the reading time by the speech rate', async () => {
    const { actor } = begin({
      input: { rate: 2 },
      voiceErrors: { 'The build passed.': { voiceUnavailable: true } },
    });
    await vi.advanceTimersByTimeAsync(0);
    // 17 characters × 220 = 3740 ms at rate 1; 1870 ms at rate 2.
    await vi.advanceTimersByTimeAsync(1869);
    expect(actor.getSnapshot().context.position.sentence).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.position.sentence).toBe(1);
  });

  it('times only the one sentence whose playback failed for another reason', async () => {
    const { actor, log } = begin({ voiceErrors: { 'The build passed.': new Error('decode failed') } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
    expect(actor.getSnapshot().context.voice).toBe('speech');
    expect(actor.getSnapshot().context.notices.voiceUnavailable).toBe(false);
    await vi.advanceTimersByTimeAsync(3740);
    expect(log).toEqual(['brief 0/0 The build passed.', 'brief 0/1 Two tests were added.']);
    expect(actor.getSnapshot().hasTag('speaking')).toBe(true);
  });
});

describe('inCallMachine: decisions and hang-up', () => {
  it('records decisions, lets them be cleared, and ignores bad indexes', () => {
    const { actor } = begin({ input: { pendingQuestions: ['Merge now?', 'Tag a release?'] } });
    actor.send({ type: 'decision.make', index: 1, answer: 'yes, v1.2' });
    expect(actor.getSnapshot().context.decisions[1]).toEqual({
      question: 'Tag a release?',
      answer: 'yes, v1.2',
    });
    actor.send({ type: 'decision.make', index: 1, answer: null });
    expect(actor.getSnapshot().context.decisions[1]?.answer).toBeNull();

    const before = actor.getSnapshot().context.decisions;
    for (const index of [-1, 2, 0.5]) {
      expect(actor.getSnapshot().can({ type: 'decision.make', index, answer: 'x' })).toBe(false);
      actor.send({ type: 'decision.make', index, answer: 'x' });
    }
    expect(actor.getSnapshot().context.decisions).toBe(before);
  });

  it('takes decisions without disturbing playback', async () => {
    const { actor, log } = begin({ input: { pendingQuestions: ['Merge now?'] } });
    actor.send({ type: 'decision.make', index: 0, answer: 'merge' });
    expect(actor.getSnapshot().hasTag('playing')).toBe(true);
    expect(log).toEqual(['brief 0/0 The build passed.']);
  });

  it.each([
    ['playing', async (_: Harness) => {}],
    ['paused', async (h: Harness) => h.actor.send({ type: 'interrupt' })],
    ['finished', async () => vi.advanceTimersByTimeAsync(SPEAK_MS * 5)],
    ['answering', async (h: Harness) => h.actor.send({ type: 'question.ask', text: 'Why?' })],
  ])('hangs up from %s with the conversation, decisions and furthest position', async (state, arrange) => {
    const harness = begin({ input: { pendingQuestions: ['Merge now?'] } });
    const { actor, log } = harness;
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    await arrange(harness);
    expect(actor.getSnapshot().hasTag(state)).toBe(true);
    actor.send({ type: 'decision.make', index: 0, answer: 'merge' });
    actor.send({ type: 'hangUp' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('ended')).toBe(true);
    expect(snapshot.output?.decisions).toEqual([{ question: 'Merge now?', answer: 'merge' }]);
    expect(snapshot.output?.furthest).toEqual(
      state === 'finished' ? { segment: 2, sentence: 0 } : { segment: 0, sentence: 1 },
    );
    expect(snapshot.output?.conversation).toEqual(
      state === 'answering' ? [{ role: 'user', text: 'Why?' }] : [],
    );
    // Nothing plays after hang-up.
    const heard = log.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toHaveLength(heard);
  });

  it('ignores every event after hang-up', async () => {
    // XState warns about events sent to a stopped actor; that is the point here.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actor, log, questions } = begin({ input: { pendingQuestions: ['Merge now?'] } });
    actor.send({ type: 'hangUp' });
    const ended = actor.getSnapshot();
    actor.send({ type: 'resume' });
    actor.send({ type: 'replay' });
    actor.send({ type: 'segment.next' });
    actor.send({ type: 'question.ask', text: 'Why?' });
    actor.send({ type: 'decision.make', index: 0, answer: 'merge' });
    actor.send({ type: 'hangUp' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot()).toBe(ended);
    expect(ended.output?.decisions).toEqual([{ question: 'Merge now?', answer: null }]);
    expect(log).toEqual(['brief 0/0 The build passed.', 'stop The build passed.']);
    expect(questions).toEqual([]);
  });

  it('keeps a JSON-only context that survives persisting', async () => {
    const { actor } = begin({ input: { pendingQuestions: ['Merge now?'] } });
    await vi.advanceTimersByTimeAsync(SPEAK_MS);
    actor.send({ type: 'question.ask', text: 'What changed?' });
    const persisted = actor.getPersistedSnapshot() as unknown as { context: unknown };
    expect(JSON.parse(JSON.stringify(persisted.context))).toEqual(persisted.context);
  });
});
