/**
 * Turns one recording into text. The direct transcriber calls the user's own endpoint; a
 * transcriber that goes through the user's computer can take its place without the callers
 * (the talk button, dictation) changing.
 */
export type Transcriber = (audio: Blob, options: TranscribeOptions) => Promise<string>;

export interface TranscribeOptions {
  /** ISO 639-1 code of the brief language ("en", "zh"): the endpoint's language hint. */
  language: string;
  signal?: AbortSignal;
}

/** Why a transcription (or the recording before it) failed; each has its own sentence for the user. */
export type VoiceFailure =
  | { kind: 'microphone-denied' }
  | { kind: 'microphone-unavailable' }
  | { kind: 'nothing-recorded' }
  | { kind: 'not-set' }
  | { kind: 'computer-offline' }
  | { kind: 'computer-not-set' }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'timeout'; endpoint: string; seconds: number }
  | { kind: 'unreachable'; endpoint: string; message: string }
  | { kind: 'no-text' };

/** A failure with its kind, thrown by recorders and transcribers and shown by the talk button. */
export class VoiceInputError extends Error {
  override readonly name = 'VoiceInputError';
  constructor(readonly failure: VoiceFailure) {
    super(failure.kind);
  }
}

export function isVoiceInputError(error: unknown): error is VoiceInputError {
  return error instanceof VoiceInputError;
}

/** The transcriber in effect when no endpoint is set: it says so, and typing still works. */
export const unsetTranscriber: Transcriber = async () => {
  throw new VoiceInputError({ kind: 'not-set' });
};

/** The 2-letter language hint of a brief locale ("zh-CN" → "zh"). */
export function languageHint(locale: string): string {
  return (locale.split(/[-_]/, 1)[0] ?? '').toLowerCase();
}
