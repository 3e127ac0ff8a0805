import { type Actor, type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { CallSegment } from './call-segments';
import { inCallMachine } from './in-call-machine';
import type { AnswerQuestionInput, InCallInput, SpeakSentenceInput } from './in-call-types';

/** Test support (not exported from the package): fakes that record what the machine asked for. */

/** How long the fake voice takes to say any sentence. */
export const SPEAK_MS = 1000;

export const threeSegments: CallSegment[] = [
  { kind: 'spoken', sentences: ['The build passed.', 'Two tests were added.'] },
  { kind: 'card', title: 'Parser', sentences: ['Parser.', 'It now keeps 3.5 intact.'] },
  { kind: 'conclusion', sentences: ['Ship it today.'] },
];

export interface Harness {
  actor: Actor<typeof inCallMachine>;
  /** 'brief 0/1 <text>', 'answer 2 <text>', 'stop <text>' in order. */
  log: string[];
  speakInputs: SpeakSentenceInput[];
  questions: AnswerQuestionInput[];
  /** Sends an event back from the running answerQuestion actor, as the host's stream would. */
  answer: (event: AnyEventObject) => void;
  /** How many answer streams were stopped by the machine. */
  streamsStopped: () => number;
}

/**
 * `voiceErrors` maps a sentence's text to what `speakSentence` rejects with for it (every
 * time it is asked), e.g. `{ voiceUnavailable: true }` or `new Error('decode failed')`.
 */
export function startInCall(
  options: { input?: Partial<InCallInput>; voiceErrors?: Record<string, unknown> } = {},
): Harness {
  const log: string[] = [];
  const speakInputs: SpeakSentenceInput[] = [];
  const questions: AnswerQuestionInput[] = [];
  let sendBack: ((event: AnyEventObject) => void) | null = null;
  let stopped = 0;
  const machine = inCallMachine.provide({
    actors: {
      speakSentence: fromPromise<void, SpeakSentenceInput>(async ({ input, signal }) => {
        speakInputs.push(input);
        log.push(
          input.kind === 'brief'
            ? `brief ${input.segment}/${input.sentence} ${input.text}`
            : `answer ${input.sentence} ${input.text}`,
        );
        const error = options.voiceErrors?.[input.text];
        if (error !== undefined) throw error;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SPEAK_MS);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            log.push(`stop ${input.text}`);
          });
        });
      }),
      answerQuestion: fromCallback<AnyEventObject, AnswerQuestionInput>(({ input, sendBack: send }) => {
        questions.push(input);
        sendBack = send;
        return () => {
          stopped++;
          sendBack = null;
        };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { segments: threeSegments, pendingQuestions: [], rate: 1, ...options.input },
  }).start();
  return {
    actor,
    log,
    speakInputs,
    questions,
    answer: (event) => {
      if (!sendBack) throw new Error('no answer stream is running');
      sendBack(event);
    },
    streamsStopped: () => stopped,
  };
}
