import { type AnyEventObject, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  comparePositions,
  firstPosition,
  hasSentences,
  nextPosition,
  nextSegmentIndex,
  previousSegmentIndex,
  readingTimeMs,
} from './call-position';
import { isContinueWord } from './continue-words';
import {
  briefSentence,
  exchangeTurns,
  hasUnspoken,
  initialInCallContext,
  isAnswerComplete,
  newAnswer,
  utterance,
  withFullText,
  withStreamedSentence,
} from './in-call-context';
import type {
  AnswerQuestionInput,
  InCallContext,
  InCallEvent,
  InCallInput,
  InCallOutput,
  SpeakSentenceInput,
  VoiceUnavailableFlag,
} from './in-call-types';

const isQuestion = (text: string) => text.trim() !== '' && !isContinueWord(text);

/**
 * One call: the brief read sentence by sentence (playing → next sentence → next segment →
 * finished), with interruption, resume, page jumps, typed questions answered by a streamed
 * model reply spoken sentence by sentence, decisions on the pending questions, and hang-up.
 * Audio and the model are host actors; when the voice gives out the call goes on as captions
 * on reading timers.
 */
export const inCallMachine = setup({
  types: {} as { context: InCallContext; events: InCallEvent; input: InCallInput; output: InCallOutput },
  actors: {
    /** Resolves when the sentence has finished playing; must stop the audio when `signal` aborts. */
    speakSentence: fromPromise<void, SpeakSentenceInput>(async () => {
      throw new Error('speakSentence is provided by the host');
    }),
    /** Streams the answer back as answer.sentence… then answer.done, or answer.failed. */
    answerQuestion: fromCallback<AnyEventObject, AnswerQuestionInput>(({ sendBack }) => {
      sendBack({ type: 'answer.failed', message: 'answerQuestion is provided by the host' });
    }),
  },
  delays: {
    readingTime: ({ context }) => readingTimeMs(utterance(context), context.rate),
  },
  guards: {
    isTextMode: ({ context }) => context.voice === 'text',
    isVoiceUnavailable: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      (params.error as VoiceUnavailableFlag).voiceUnavailable === true,
    hasNoSentences: ({ context }) => firstPosition(context.segments) === null,
    hasNextSentence: ({ context }) => nextPosition(context.segments, context.position) !== null,
    hasNextSegment: ({ context }) => nextSegmentIndex(context.segments, context.position.segment) !== null,
    hasPreviousSegment: ({ context }) =>
      previousSegmentIndex(context.segments, context.position.segment) !== null,
    canJumpTo: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && hasSentences(context.segments, params.index),
    isContinue: (_, params: { text: string }) => isContinueWord(params.text),
    isQuestion: (_, params: { text: string }) => isQuestion(params.text),
    returnsToFinished: ({ context }) => context.returnTo === 'finished',
    isContinueAfterEnd: ({ context }, params: { text: string }) =>
      context.returnTo === 'finished' && isContinueWord(params.text),
    isDecision: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.decisions.length,
    isStreaming: ({ context }) => context.answer !== null && context.answer.text === null,
    answerComplete: ({ context }) => isAnswerComplete(context.answer),
    hasQueuedAnswer: ({ context }) => hasUnspoken(context.answer),
  },
  actions: {
    markReached: assign(({ context }) => ({
      furthest:
        comparePositions(context.position, context.furthest) > 0 ? context.position : context.furthest,
    })),
    toNextSentence: assign(({ context }) => ({
      position: nextPosition(context.segments, context.position) ?? context.position,
    })),
    toSegment: assign((_, params: { index: number | null }) =>
      params.index === null ? {} : { position: { segment: params.index, sentence: 0 } },
    ),
    switchToText: assign(({ context }) => ({
      voice: 'text' as const,
      notices: { ...context.notices, voiceUnavailable: true },
    })),
    startAnswer: assign(({ context }, params: { question: string; returnTo?: 'paused' | 'finished' }) => ({
      answer: newAnswer(params.question),
      returnTo: params.returnTo ?? context.returnTo,
      notices: { ...context.notices, answerFailed: null },
    })),
    queueAnswerSentence: assign(({ context }, params: { text: string }) =>
      context.answer ? { answer: withStreamedSentence(context.answer, params.text) } : {},
    ),
    completeAnswer: assign(({ context }, params: { text: string }) =>
      context.answer ? { answer: withFullText(context.answer, params.text) } : {},
    ),
    answerSentenceSpoken: assign(({ context }) =>
      context.answer ? { answer: { ...context.answer, spoken: context.answer.spoken + 1 } } : {},
    ),
    // The reason is kept so the screen can say what happened (a refused key is not an unreachable model).
    noteAnswerFailed: assign(({ context, event }) => {
      assertEvent(event, 'answer.failed');
      return { notices: { ...context.notices, answerFailed: event.message } };
    }),
    // Whatever ends the answer (done, failure, interruption, hang-up), the user's words stay in
    // the conversation, with as much of the answer as arrived.
    recordExchange: assign(({ context }) =>
      context.answer ? { answer: null, history: [...context.history, ...exchangeTurns(context.answer)] } : {},
    ),
    recordDecision: assign(({ context }, params: { index: number; answer: string | null }) => ({
      decisions: context.decisions.map((decision, i) =>
        i === params.index ? { ...decision, answer: params.answer } : decision,
      ),
    })),
  },
}).createMachine({
  id: 'inCall',
  context: ({ input }) => initialInCallContext(input),
  initial: 'starting',
  output: ({ context }) => ({
    conversation: context.history,
    decisions: context.decisions,
    furthest: context.furthest,
  }),
  // Moves allowed from every live state; leaving `answering` this way drops the answer.
  on: {
    hangUp: '.ended',
    'decision.make': {
      guard: { type: 'isDecision', params: ({ event }) => ({ index: event.index }) },
      actions: {
        type: 'recordDecision',
        params: ({ event }) => ({ index: event.index, answer: event.answer }),
      },
    },
    'segment.next': {
      guard: 'hasNextSegment',
      target: '.playing',
      actions: {
        type: 'toSegment',
        params: ({ context }) => ({ index: nextSegmentIndex(context.segments, context.position.segment) }),
      },
    },
    'segment.previous': {
      guard: 'hasPreviousSegment',
      target: '.playing',
      actions: {
        type: 'toSegment',
        params: ({ context }) => ({
          index: previousSegmentIndex(context.segments, context.position.segment),
        }),
      },
    },
    'segment.jump': {
      guard: { type: 'canJumpTo', params: ({ event }) => ({ index: event.index }) },
      target: '.playing',
      actions: { type: 'toSegment', params: ({ event }) => ({ index: event.index }) },
    },
    replay: {
      guard: {
        type: 'canJumpTo',
        params: ({ context }) => ({ index: firstPosition(context.segments)?.segment ?? -1 }),
      },
      target: '.playing',
      actions: {
        type: 'toSegment',
        params: ({ context }) => ({ index: firstPosition(context.segments)?.segment ?? null }),
      },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasNoSentences', target: 'finished' }, { target: 'playing' }],
    },
    playing: {
      tags: ['playing'],
      entry: 'markReached',
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'isTextMode', target: 'reading' }, { target: 'speaking' }] },
        speaking: {
          tags: ['speaking'],
          invoke: {
            src: 'speakSentence',
            input: ({ context }) => ({
              text: briefSentence(context),
              kind: 'brief' as const,
              segment: context.position.segment,
              sentence: context.position.sentence,
            }),
            onDone: 'heard',
            onError: [
              {
                guard: { type: 'isVoiceUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: 'reading',
                actions: 'switchToText',
              },
              // Any other playback error: only this sentence is read from the screen.
              { target: 'reading' },
            ],
          },
        },
        reading: { tags: ['reading'], after: { readingTime: 'heard' } },
        heard: { type: 'final' },
      },
      onDone: [
        { guard: 'hasNextSentence', target: 'playing', reenter: true, actions: 'toNextSentence' },
        { target: 'finished' },
      ],
      on: {
        interrupt: 'paused',
        'question.ask': {
          guard: { type: 'isQuestion', params: ({ event }) => ({ text: event.text }) },
          target: 'answering',
          actions: {
            type: 'startAnswer',
            params: ({ event }) => ({ question: event.text, returnTo: 'paused' }),
          },
        },
      },
    },
    paused: {
      tags: ['paused'],
      on: {
        resume: 'playing',
        'question.ask': [
          { guard: { type: 'isContinue', params: ({ event }) => ({ text: event.text }) }, target: 'playing' },
          {
            guard: { type: 'isQuestion', params: ({ event }) => ({ text: event.text }) },
            target: 'answering',
            actions: {
              type: 'startAnswer',
              params: ({ event }) => ({ question: event.text, returnTo: 'paused' }),
            },
          },
        ],
      },
    },
    // The brief has been read; the call stays open for questions, decisions, replay, hang-up.
    finished: {
      tags: ['finished'],
      on: {
        'question.ask': {
          guard: { type: 'isQuestion', params: ({ event }) => ({ text: event.text }) },
          target: 'answering',
          actions: {
            type: 'startAnswer',
            params: ({ event }) => ({ question: event.text, returnTo: 'finished' }),
          },
        },
      },
    },
    answering: {
      tags: ['answering'],
      // Leaving stops the host's stream (the callback's cleanup runs) and any answer audio.
      invoke: {
        src: 'answerQuestion',
        input: ({ context }) => ({
          question: context.answer?.question ?? '',
          history: context.history,
          progress: {
            segment: context.position.segment,
            sentence: context.position.sentence,
            furthest: context.furthest,
          },
        }),
      },
      exit: 'recordExchange',
      initial: 'waiting',
      states: {
        waiting: {
          always: [
            { guard: 'answerComplete', target: 'complete' },
            { guard: 'hasQueuedAnswer', target: 'choosing' },
          ],
        },
        choosing: { always: [{ guard: 'isTextMode', target: 'reading' }, { target: 'speaking' }] },
        speaking: {
          tags: ['speaking'],
          invoke: {
            src: 'speakSentence',
            input: ({ context }) => ({
              text: utterance(context),
              kind: 'answer' as const,
              segment: context.position.segment,
              sentence: context.answer?.spoken ?? 0,
            }),
            onDone: { target: 'waiting', actions: 'answerSentenceSpoken' },
            onError: [
              {
                guard: { type: 'isVoiceUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: 'reading',
                actions: 'switchToText',
              },
              { target: 'reading' },
            ],
          },
        },
        reading: {
          tags: ['reading'],
          after: { readingTime: { target: 'waiting', actions: 'answerSentenceSpoken' } },
        },
        complete: { type: 'final' },
      },
      onDone: [{ guard: 'returnsToFinished', target: 'finished' }, { target: 'paused' }],
      on: {
        'answer.sentence': {
          guard: 'isStreaming',
          actions: { type: 'queueAnswerSentence', params: ({ event }) => ({ text: event.text }) },
        },
        'answer.done': {
          guard: 'isStreaming',
          actions: { type: 'completeAnswer', params: ({ event }) => ({ text: event.text }) },
        },
        // The brief stays where it was, readable; the notice says the answer failed.
        'answer.failed': [
          { guard: 'returnsToFinished', target: 'finished', actions: 'noteAnswerFailed' },
          { target: 'paused', actions: 'noteAnswerFailed' },
        ],
        interrupt: [{ guard: 'returnsToFinished', target: 'finished' }, { target: 'paused' }],
        resume: [{ guard: 'returnsToFinished', target: 'finished' }, { target: 'playing' }],
        // A continue word while answering stops the answer and does what resume does; another
        // question replaces the answer (the partial one stays in the conversation).
        'question.ask': [
          {
            guard: { type: 'isContinueAfterEnd', params: ({ event }) => ({ text: event.text }) },
            target: 'finished',
          },
          { guard: { type: 'isContinue', params: ({ event }) => ({ text: event.text }) }, target: 'playing' },
          {
            guard: { type: 'isQuestion', params: ({ event }) => ({ text: event.text }) },
            target: 'answering',
            reenter: true,
            actions: { type: 'startAnswer', params: ({ event }) => ({ question: event.text }) },
          },
        ],
      },
    },
    ended: { type: 'final', tags: ['ended'] },
  },
});
