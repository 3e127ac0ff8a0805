/** Only the parts of AudioContext playback uses, so tests can hand in a fake. */
export interface AudioContextLike {
  readonly state: string;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBuffer>;
  createBufferSource(): AudioBufferSourceNode;
  createAnalyser(): AnalyserNode;
}

export interface AudioOutput {
  /** Plays one clip; resolves when it ends, rejects with the abort reason (and stops) on abort. */
  play(audio: Blob, signal?: AbortSignal): Promise<void>;
  /** Resumes a context the browser suspended; call it from a user gesture (Answer). */
  unlock(): Promise<void>;
  /** Loudness (RMS, 0…1) of what is playing now; lets tests and meters see real sound. */
  level(): number;
}

/**
 * Speech playback through one AudioContext for the whole page (browsers cap how many exist,
 * and one unlocked on Answer stays unlocked). Source → analyser → speakers.
 */
export function createAudioOutput(
  createContext: () => AudioContextLike = () => new AudioContext(),
): AudioOutput {
  let context: AudioContextLike | null = null;
  let analyser: AnalyserNode | null = null;

  const ensure = () => {
    if (!context) {
      context = createContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      analyser.connect(context.destination);
    }
    return { context, analyser: analyser as AnalyserNode };
  };

  return {
    async unlock() {
      const { context: ctx } = ensure();
      if (ctx.state === 'suspended') await ctx.resume();
    },
    level() {
      if (!analyser) return 0;
      const samples = new Float32Array(analyser.fftSize);
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      return Math.sqrt(sum / samples.length);
    },
    async play(audio, signal) {
      signal?.throwIfAborted();
      const { context: ctx, analyser: tap } = ensure();
      if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
      const buffer = await ctx.decodeAudioData(await audio.arrayBuffer());
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const source = ctx.createBufferSource();
        source.buffer = buffer;
        source.connect(tap);
        const onAbort = () => {
          source.onended = null;
          try {
            source.stop();
          } catch {
            // Already stopped.
          }
          source.disconnect();
          reject(signal?.reason);
        };
        source.onended = () => {
          signal?.removeEventListener('abort', onAbort);
          source.disconnect();
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        source.start();
      });
    },
  };
}

let shared: AudioOutput | null = null;

/** The page's one speech output. */
export function sharedAudioOutput(): AudioOutput {
  shared ??= createAudioOutput();
  return shared;
}
