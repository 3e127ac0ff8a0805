import { type InCallOutput, inCallMachine, SentenceChunker } from '@ringback/machines';
import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import { replaceFormOfAddress } from '../../format';
import { describeLlmFailure, streamAnswer, streamAnswerThroughComputer } from '../../llm';
import { type AskOverLink, computerLink } from '../../relay';
import type { AudioOutput, SpeechService } from '../../speech';
import type { LocalSettings } from '../../storage';
import { callSegments, speechOptionsFor } from './call-speech';
import type { OpenedEvent } from './open-event';

export type CallPlayerActor = Actor<typeof inCallMachine>;

export interface CallPlayerDeps {
  speech: SpeechService;
  audio: AudioOutput;
  settings: () => LocalSettings;
  /** The way to the computer, when questions go to its model; default: the session's link. */
  askComputer?: AskOverLink;
}

/**
 * The in-call player for one answered call, with the device's real effects: every sentence from
 * the speech cache (prepared before the ring) through the page's audio output, and questions
 * streamed from the user's own model, each finished sentence spoken while the rest streams in.
 */
export function startCallPlayer(
  event: OpenedEvent,
  deps: CallPlayerDeps,
  onEnded: (output: InCallOutput) => void,
): CallPlayerActor {
  const segments = callSegments(event);
  const language = event.brief.language;
  const brief = event.brief.status === 'ready' ? event.brief : null;
  const machine = inCallMachine.provide({
    actors: {
      speakSentence: fromPromise(async ({ input, signal }) => {
        const options = speechOptionsFor(deps.settings(), language);
        const audio = await deps.speech.synthesize(input.text, options, signal);
        await deps.audio.play(audio, signal);
      }),
      answerQuestion: fromCallback(({ input, sendBack }) => {
        const abort = new AbortController();
        const settings = deps.settings();
        const flat = segments.flatMap((segment, index) =>
          segment.sentences.map((text, sentence) => ({ index, sentence, text })),
        );
        const heardUpTo = flat.findIndex(
          (item) =>
            item.index === input.progress.furthest.segment &&
            item.sentence === input.progress.furthest.sentence,
        );
        const speak = (text: string) =>
          sendBack({ type: 'answer.sentence', text: replaceFormOfAddress(text, settings.formOfAddress) });
        void (async () => {
          const chunker = new SentenceChunker();
          let text = '';
          try {
            const context = {
              report: event.plaintext.report,
              brief,
              progress: {
                heardSentences: flat.slice(0, heardUpTo + 1).map((item) => item.text),
                remainingSentences: flat.slice(heardUpTo + 1).map((item) => item.text),
              },
              history: input.history,
              question: input.question,
              language,
              formOfAddress: settings.formOfAddress,
              signal: abort.signal,
            };
            const answer =
              settings.questionModelSource === 'computer'
                ? streamAnswerThroughComputer(context, deps.askComputer ?? computerLink.ask)
                : streamAnswer({ llm: settings.llm, ...context });
            for await (const delta of answer) {
              text += delta;
              for (const sentence of chunker.push(delta)) speak(sentence);
            }
            for (const sentence of chunker.flush()) speak(sentence);
            sendBack({ type: 'answer.done', text: replaceFormOfAddress(text, settings.formOfAddress) });
          } catch (error) {
            if (abort.signal.aborted) return;
            sendBack({ type: 'answer.failed', message: describeLlmFailure(error, settings.llm).reason });
          }
        })();
        return () => abort.abort();
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      segments,
      pendingQuestions: brief?.pendingQuestions ?? [],
      rate: deps.settings().voice.rate,
    },
  });
  actor.subscribe({
    complete: () => {
      const output = actor.getSnapshot().output;
      if (output) onEnded(output);
    },
  });
  return actor.start();
}
