import type { Recording } from './recorder';
import { isVoiceInputError, type Transcriber, type VoiceFailure } from './transcriber';

export type VoiceInputState =
  | { status: 'idle' }
  /** Waiting on the microphone (the browser may be asking for permission). */
  | { status: 'starting' }
  | { status: 'recording' }
  | { status: 'transcribing' }
  /** `canRetry`: the audio is still held, so Retry sends the same recording again. */
  | { status: 'failed'; failure: VoiceFailure; canRetry: boolean };

export interface VoiceInputDeps {
  record(): Promise<Recording>;
  /** Read at each transcription, so a Retry after the setting was made uses it. */
  transcriber(): Transcriber;
  /** The 2-letter hint, read at each transcription. */
  language(): string;
}

export interface VoiceInput {
  get(): VoiceInputState;
  subscribe(listener: () => void): () => void;
  start(): void;
  /** Ends the recording and transcribes it; the text goes to `onText`. */
  stop(): void;
  /** Transcribes the same audio again. */
  retry(): void;
  dismiss(): void;
  /** The screen is going: the microphone is let go and nothing more is reported. */
  dispose(): void;
}

/**
 * One field's voice input (the question box, the reply, a decision, the need): record, transcribe,
 * hand the words over. A failed transcription keeps its audio until Retry or the next recording, so
 * what was said is never lost to a refused or slow endpoint.
 */
export function createVoiceInput(deps: VoiceInputDeps, onText: (text: string) => void): VoiceInput {
  let state: VoiceInputState = { status: 'idle' };
  let recording: Recording | null = null;
  let audio: Blob | null = null;
  let stopWanted = false;
  let disposed = false;
  let attempt: AbortController | null = null;
  const listeners = new Set<() => void>();
  const set = (next: VoiceInputState) => {
    if (disposed) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const fail = (error: unknown) => {
    if (!isVoiceInputError(error)) {
      // Something unforeseen: said as an unreachable endpoint would be, with its own words.
      const message = error instanceof Error ? error.message : String(error);
      set({
        status: 'failed',
        failure: { kind: 'unreachable', endpoint: '', message },
        canRetry: audio !== null,
      });
      return;
    }
    set({ status: 'failed', failure: error.failure, canRetry: audio !== null });
  };
  const transcribe = async () => {
    if (!audio) return;
    set({ status: 'transcribing' });
    attempt = new AbortController();
    try {
      const text = await deps.transcriber()(audio, { language: deps.language(), signal: attempt.signal });
      if (disposed) return;
      audio = null;
      set({ status: 'idle' });
      onText(text);
    } catch (error) {
      if (!disposed) fail(error);
    }
  };
  const finish = async () => {
    const current = recording;
    recording = null;
    if (!current) return;
    set({ status: 'transcribing' });
    try {
      audio = await current.stop();
    } catch (error) {
      fail(error);
      return;
    }
    await transcribe();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (state.status !== 'idle' && state.status !== 'failed') return;
      // A new recording replaces the one that failed.
      audio = null;
      stopWanted = false;
      set({ status: 'starting' });
      deps.record().then(
        (started) => {
          if (disposed) return started.cancel();
          recording = started;
          set({ status: 'recording' });
          void started.capped.then(() => finish());
          // Released before the microphone opened (a quick tap while permission was asked).
          if (stopWanted) void finish();
        },
        (error: unknown) => fail(error),
      );
    },
    stop() {
      if (state.status === 'starting') stopWanted = true;
      else if (state.status === 'recording') void finish();
    },
    retry() {
      if (state.status === 'failed' && audio) void transcribe();
    },
    dismiss() {
      if (state.status === 'failed') {
        audio = null;
        set({ status: 'idle' });
      }
    },
    dispose() {
      disposed = true;
      recording?.cancel();
      recording = null;
      attempt?.abort();
      listeners.clear();
    },
  };
}
