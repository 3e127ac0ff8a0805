import type { CallPosition } from './call-position';
import type { CallSegment } from './call-segments';

export interface InCallInput {
  segments: CallSegment[];
  /** The brief's pending questions; each becomes a decision the user may answer. */
  pendingQuestions: string[];
  /** Speech rate (0.5–2), also the pace of reading timers when there is no voice. */
  rate: number;
}

export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface CallDecision {
  question: string;
  /** null until the user decides (or after they clear it). */
  answer: string | null;
}

/** The question being answered and its streamed sentences; `spoken` of them were played. */
export interface AnswerInProgress {
  question: string;
  sentences: string[];
  spoken: number;
  /** The full answer once the stream is done; null while it streams. */
  text: string | null;
}

export type VoiceMode = 'speech' | 'text';

/** Plain JSON, so a snapshot persists as is. */
export interface InCallContext {
  segments: CallSegment[];
  /** The brief sentence playing, paused at, or (when finished) the last one. */
  position: CallPosition;
  /** The furthest brief sentence whose playback has begun. */
  furthest: CallPosition;
  /** 'text' once the voice failed for good: captions advance on reading timers. */
  voice: VoiceMode;
  rate: number;
  history: ConversationTurn[];
  decisions: CallDecision[];
  /** Non-null only while answering; its unspoken sentences are the answer queue. */
  answer: AnswerInProgress | null;
  /** Where an answer returns to: mid-brief (paused) or after the end (finished). */
  returnTo: 'paused' | 'finished';
  /** `answerFailed`: why the last question got no answer, in the host's words; null when it did not fail. */
  notices: { answerFailed: string | null; voiceUnavailable: boolean };
}

export type InCallEvent =
  /** Stop playing (also sent when the user starts typing). */
  | { type: 'interrupt' }
  /** Play on from the current sentence. */
  | { type: 'resume' }
  /** Play the whole brief again from the start. */
  | { type: 'replay' }
  | { type: 'segment.next' }
  | { type: 'segment.previous' }
  | { type: 'segment.jump'; index: number }
  /** A typed message: a continue word resumes, anything else is a question for the model. */
  | { type: 'question.ask'; text: string }
  /** Sent back by the `answerQuestion` actor: one streamed sentence, in order. */
  | { type: 'answer.sentence'; text: string }
  /** Sent back by `answerQuestion`: the stream ended; the full answer text. */
  | { type: 'answer.done'; text: string }
  /** Sent back by `answerQuestion`: the model call failed. */
  | { type: 'answer.failed'; message: string }
  /** Answer (or clear, with null) pending question `index`. */
  | { type: 'decision.make'; index: number; answer: string | null }
  | { type: 'hangUp' };

export interface InCallOutput {
  conversation: ConversationTurn[];
  decisions: CallDecision[];
  furthest: CallPosition;
}

export interface SpeakSentenceInput {
  text: string;
  kind: 'brief' | 'answer';
  /** For 'brief': where the sentence is. For 'answer': the brief segment the user is at. */
  segment: number;
  /** For 'brief': the sentence in its segment. For 'answer': the sentence's index in the answer. */
  sentence: number;
}

export interface AnswerQuestionInput {
  question: string;
  /** Earlier questions and answers of this call, oldest first; not the current question. */
  history: ConversationTurn[];
  progress: { segment: number; sentence: number; furthest: CallPosition };
}

/** A rejection of `speakSentence` carrying this flag means the voice is gone for the call. */
export interface VoiceUnavailableFlag {
  voiceUnavailable?: boolean;
}
