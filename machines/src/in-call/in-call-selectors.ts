import type { SnapshotFrom } from 'xstate';
import { type CallPosition, sentencesBefore, totalSentences } from './call-position';
import type { CallSegment } from './call-segments';
import type { inCallMachine } from './in-call-machine';

/**
 * Narrow reads for React (`useSelector(actor, selectCurrentSentence)`): each returns a
 * primitive or a value that keeps its identity while it does not change.
 */
export type InCallSnapshot = SnapshotFrom<typeof inCallMachine>;

export function selectSegments(snapshot: InCallSnapshot): CallSegment[] {
  return snapshot.context.segments;
}

export function selectCurrentSegmentIndex(snapshot: InCallSnapshot): number {
  return snapshot.context.position.segment;
}

export function selectCurrentSentenceIndex(snapshot: InCallSnapshot): number {
  return snapshot.context.position.sentence;
}

/** The brief sentence playing, paused at, or last read; '' when the call has none. */
export function selectCurrentSentence(snapshot: InCallSnapshot): string {
  const { segments, position } = snapshot.context;
  return segments[position.segment]?.sentences[position.sentence] ?? '';
}

/** The answer sentence being spoken now, or '' when none is. */
export function selectAnswerCaption(snapshot: InCallSnapshot): string {
  const answer = snapshot.context.answer;
  if (!answer || !snapshot.hasTag('answering')) return '';
  return answer.sentences[answer.spoken] ?? '';
}

/** The answer text streamed so far (sentences received, in order); '' when not answering. */
export function selectAnswerSoFar(snapshot: InCallSnapshot): string {
  return snapshot.context.answer?.sentences.join(' ') ?? '';
}

/** The question being answered, or '' when not answering. */
export function selectQuestion(snapshot: InCallSnapshot): string {
  return snapshot.context.answer?.question ?? '';
}

/** Share of the brief's sentences already behind the current one: 0 at the start, 1 when finished. */
export function progressFraction(segments: CallSegment[], position: CallPosition, finished: boolean): number {
  const total = totalSentences(segments);
  if (finished || total === 0) return 1;
  return Math.min(1, sentencesBefore(segments, position) / total);
}

export function selectProgress(snapshot: InCallSnapshot): number {
  // An answer given after the end keeps the bar full.
  const finished =
    snapshot.hasTag('finished') || (snapshot.hasTag('answering') && snapshot.context.returnTo === 'finished');
  return progressFraction(snapshot.context.segments, snapshot.context.position, finished);
}

export function selectVoiceMode(snapshot: InCallSnapshot): 'speech' | 'text' {
  return snapshot.context.voice;
}

export function selectVoiceUnavailable(snapshot: InCallSnapshot): boolean {
  return snapshot.context.notices.voiceUnavailable;
}

/** Why the last question got no answer, or null. */
export function selectAnswerFailed(snapshot: InCallSnapshot): string | null {
  return snapshot.context.notices.answerFailed;
}

export function selectDecisions(snapshot: InCallSnapshot) {
  return snapshot.context.decisions;
}

export function selectConversation(snapshot: InCallSnapshot) {
  return snapshot.context.history;
}
