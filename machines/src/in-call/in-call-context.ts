import { joinFragments } from '../sentences/sentence-rules';
import { splitSentences } from '../sentences/split-sentences';
import { firstPosition } from './call-position';
import type { AnswerInProgress, ConversationTurn, InCallContext, InCallInput } from './in-call-types';

/** Pure context helpers for `inCallMachine`, kept apart so the machine file shows the graph. */

export function initialInCallContext(input: InCallInput): InCallContext {
  const start = firstPosition(input.segments) ?? { segment: 0, sentence: 0 };
  return {
    segments: input.segments,
    position: start,
    furthest: start,
    voice: 'speech',
    rate: input.rate,
    history: [],
    decisions: input.pendingQuestions.map((question) => ({ question, answer: null })),
    answer: null,
    returnTo: 'paused',
    notices: { answerFailed: null, voiceUnavailable: false },
  };
}

export function briefSentence(context: InCallContext): string {
  return context.segments[context.position.segment]?.sentences[context.position.sentence] ?? '';
}

/** What is being read now: the answer's next unspoken sentence while answering, else the brief's. */
export function utterance(context: InCallContext): string {
  const answer = context.answer;
  return answer && answer.spoken < answer.sentences.length
    ? (answer.sentences[answer.spoken] ?? '')
    : briefSentence(context);
}

export function newAnswer(question: string): AnswerInProgress {
  return { question: question.trim(), sentences: [], spoken: 0, text: null };
}

export function withStreamedSentence(answer: AnswerInProgress, text: string): AnswerInProgress {
  return text.trim() === '' ? answer : { ...answer, sentences: [...answer.sentences, text.trim()] };
}

/** A host that streams no sentences and only sends the full text still gets it spoken. */
export function withFullText(answer: AnswerInProgress, text: string): AnswerInProgress {
  return {
    ...answer,
    text,
    sentences: answer.sentences.length > 0 ? answer.sentences : splitSentences(text),
  };
}

export function hasUnspoken(answer: AnswerInProgress | null): boolean {
  return answer !== null && answer.spoken < answer.sentences.length;
}

export function isAnswerComplete(answer: AnswerInProgress | null): boolean {
  return answer !== null && answer.text !== null && !hasUnspoken(answer);
}

/** The question, and as much of the answer as arrived (the full text when the stream ended). */
export function exchangeTurns(answer: AnswerInProgress): ConversationTurn[] {
  const reply = answer.text?.trim() || answer.sentences.reduce(joinFragments, '');
  return [
    { role: 'user', text: answer.question },
    ...(reply ? [{ role: 'assistant' as const, text: reply }] : []),
  ];
}
