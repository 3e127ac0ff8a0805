import { describe, expect, it } from 'vitest';
import { type MediaRecorderLike, type RecorderDeps, startRecording } from './recorder';
import { VoiceInputError } from './transcriber';

/** A recorder the test feeds chunks to, and a clock the test advances. */
function fakes(options: { refuse?: string } = {}) {
  const tracks = [
    {
      stopped: false,
      stop() {
        this.stopped = true;
      },
    },
  ];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  const recorder: MediaRecorderLike & { feed(bytes: number): void } = {
    mimeType: 'audio/webm;codecs=opus',
    state: 'inactive',
    ondataavailable: null,
    onstop: null,
    start() {
      (this as { state: string }).state = 'recording';
    },
    stop() {
      (this as { state: string }).state = 'inactive';
      this.ondataavailable?.({ data: new Blob([new Uint8Array(10)]) });
      this.onstop?.();
    },
    feed(bytes) {
      this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)]) });
    },
  };
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const deps: RecorderDeps = {
    getUserMedia: async () => {
      if (options.refuse) throw new DOMException('no', options.refuse);
      return stream;
    },
    createRecorder: () => recorder,
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  };
  return { deps, recorder, tracks, timers };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(VoiceInputError);
  return (error as VoiceInputError).failure.kind;
}

describe('recording', () => {
  it('gives every chunk as one blob of the recorder format and lets the microphone go', async () => {
    const { deps, recorder, tracks } = fakes();
    const recording = await startRecording({}, deps);
    recorder.feed(100);
    recorder.feed(50);
    const audio = await recording.stop();
    expect(audio.size).toBe(160);
    expect(audio.type).toBe('audio/webm;codecs=opus');
    expect(tracks[0]?.stopped).toBe(true);
  });

  it('stops by itself at the length cap and keeps what was said', async () => {
    const { deps, recorder, timers } = fakes();
    const recording = await startRecording({ maxMs: 60_000 }, deps);
    recorder.feed(100);
    expect(timers[0]?.ms).toBe(60_000);
    timers[0]?.run();
    await recording.capped;
    expect(recorder.state).toBe('inactive');
    expect((await recording.stop()).size).toBe(110);
  });

  it('stops at the size cap, leaving out the chunk that would pass it', async () => {
    const { deps, recorder } = fakes();
    const recording = await startRecording({ maxBytes: 250 }, deps);
    recorder.feed(100);
    recorder.feed(100);
    recorder.feed(100);
    await recording.capped;
    const audio = await recording.stop();
    expect(audio.size).toBe(200);
    expect(audio.size).toBeLessThanOrEqual(250);
  });

  it('says the permission was refused, or that there is no microphone', async () => {
    expect(await failureOf(startRecording({}, fakes({ refuse: 'NotAllowedError' }).deps))).toBe(
      'microphone-denied',
    );
    expect(await failureOf(startRecording({}, fakes({ refuse: 'NotFoundError' }).deps))).toBe(
      'microphone-unavailable',
    );
  });

  it('says nothing was recorded when the recording is empty', async () => {
    const { deps, recorder } = fakes();
    recorder.stop = function () {
      (this as { state: string }).state = 'inactive';
      this.onstop?.();
    };
    const recording = await startRecording({}, deps);
    expect(await failureOf(recording.stop())).toBe('nothing-recorded');
  });

  it('drops the audio and the microphone on cancel', async () => {
    const { deps, tracks, timers } = fakes();
    const recording = await startRecording({}, deps);
    recording.cancel();
    expect(tracks[0]?.stopped).toBe(true);
    expect(timers[0]?.cleared).toBe(true);
  });
});
