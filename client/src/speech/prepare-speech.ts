import type { SpeechService, SynthesizeOptions } from './speech-service';

/**
 * Synthesises every sentence of a call before it rings, so playback never waits. All requests
 * start at once (the service's semaphore throttles them); the first failure aborts the rest and
 * rejects with that failure, so a report whose voice fails never rings. Resolves when every
 * distinct sentence is in the cache.
 */
export async function prepareSpeech(
  sentences: readonly string[],
  synth: Pick<SpeechService, 'synthesize'>,
  options: SynthesizeOptions,
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted();
  const distinct = [
    ...new Set(sentences.map((sentence) => sentence.trim()).filter((sentence) => sentence !== '')),
  ];
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let firstFailure: { error: unknown } | null = null;
  try {
    await Promise.all(
      distinct.map((sentence) =>
        synth.synthesize(sentence, options, inner.signal).catch((error: unknown) => {
          // Later rejections are the aborts this one caused; report the cause, not those.
          if (!firstFailure) {
            firstFailure = { error: signal?.aborted ? signal.reason : error };
            inner.abort(error);
          }
          throw firstFailure.error;
        }),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
