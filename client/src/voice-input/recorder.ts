import { VoiceInputError } from './transcriber';

/**
 * A minute is longer than any spoken question or reply, and keeps one upload small; a recording
 * still going then stops by itself and is transcribed as it is.
 */
export const MAX_RECORDING_MS = 60_000;
/** Opus speech is ~4 KB a second; this stops a recorder that writes an uncompressed format (WAV). */
export const MAX_RECORDING_BYTES = 4 * 1024 * 1024;
/** Chunks come every second, so the size cap is checked while recording, not only at the end. */
const CHUNK_MS = 1000;

/** The part of MediaRecorder this uses, so tests drive it with a fake. */
export interface MediaRecorderLike {
  readonly mimeType: string;
  readonly state: 'inactive' | 'recording' | 'paused';
  start(timeslice?: number): void;
  stop(): void;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
}

export interface RecorderDeps {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createRecorder(stream: MediaStream): MediaRecorderLike;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface RecordingOptions {
  maxMs?: number;
  maxBytes?: number;
}

/** One recording under way. The audio stays in this device's memory until it is handed to a transcriber. */
export interface Recording {
  /** Stops (if a cap has not already) and gives the audio; rejects `nothing-recorded` when empty. */
  stop(): Promise<Blob>;
  /** Stops and drops the audio (the user left the screen). */
  cancel(): void;
  /** Resolves when a cap stopped the recording by itself. */
  readonly capped: Promise<void>;
}

export function browserRecorderDeps(): RecorderDeps {
  return {
    getUserMedia: (constraints) => {
      // No mediaDevices outside a secure context (a plain-http LAN page): no microphone at all.
      if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new DOMException('', 'NotFoundError'));
      return navigator.mediaDevices.getUserMedia(constraints);
    },
    createRecorder: (stream) => new MediaRecorder(stream) as unknown as MediaRecorderLike,
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

/** A refused permission is the user's (or the browser's) choice; anything else is a missing or busy device. */
function microphoneFailure(error: unknown): VoiceInputError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const denied = name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
  return new VoiceInputError({ kind: denied ? 'microphone-denied' : 'microphone-unavailable' });
}

/** Opens the microphone and starts recording, capped by length and size. */
export async function startRecording(
  options: RecordingOptions = {},
  deps: RecorderDeps = browserRecorderDeps(),
): Promise<Recording> {
  const maxMs = options.maxMs ?? MAX_RECORDING_MS;
  const maxBytes = options.maxBytes ?? MAX_RECORDING_BYTES;
  let stream: MediaStream;
  try {
    stream = await deps.getUserMedia({ audio: true });
  } catch (error) {
    throw microphoneFailure(error);
  }
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  let recorder: MediaRecorderLike;
  try {
    recorder = deps.createRecorder(stream);
  } catch {
    release();
    throw new VoiceInputError({ kind: 'microphone-unavailable' });
  }
  const chunks: Blob[] = [];
  let bytes = 0;
  let dropped = false;
  let markCapped: () => void = () => undefined;
  const capped = new Promise<void>((resolve) => {
    markCapped = resolve;
  });
  const finished = new Promise<Blob>((resolve) => {
    recorder.onstop = () => {
      release();
      resolve(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }));
    };
  });
  const stopBecauseCapped = () => {
    if (recorder.state === 'inactive') return;
    recorder.stop();
    markCapped();
  };
  recorder.ondataavailable = ({ data }) => {
    if (dropped || data.size === 0) return;
    // The chunk that would pass the size cap is left out: what came before is kept and sent.
    if (bytes + data.size > maxBytes) {
      dropped = true;
      stopBecauseCapped();
      return;
    }
    chunks.push(data);
    bytes += data.size;
  };
  const timer = deps.setTimeout(stopBecauseCapped, maxMs);
  recorder.start(CHUNK_MS);
  return {
    capped,
    async stop() {
      deps.clearTimeout(timer);
      if (recorder.state !== 'inactive') recorder.stop();
      const audio = await finished;
      if (audio.size === 0) throw new VoiceInputError({ kind: 'nothing-recorded' });
      return audio;
    },
    cancel() {
      deps.clearTimeout(timer);
      dropped = true;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
