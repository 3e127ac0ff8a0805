import { describe, expect, it } from 'vitest';
import type { Recording } from './recorder';
import { type Transcriber, VoiceInputError } from './transcriber';
import { createVoiceInput } from './voice-input';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A recording that gives `audio` when stopped, and a cap the test can fire. */
function fakeRecording(audio: Blob) {
  let cap: () => void = () => undefined;
  const recording: Recording & { cancelled: boolean; fireCap(): void } = {
    cancelled: false,
    capped: new Promise<void>((resolve) => {
      cap = resolve;
    }),
    stop: async () => audio,
    cancel() {
      this.cancelled = true;
    },
    fireCap: () => cap(),
  };
  return recording;
}

function world(answers: (() => Promise<string>)[]) {
  const audio = new Blob(['spoken words']);
  const recordings: ReturnType<typeof fakeRecording>[] = [];
  const sent: { audio: Blob; language: string }[] = [];
  const texts: string[] = [];
  const transcriber: Transcriber = (blob, { language }) => {
    sent.push({ audio: blob, language });
    const next = answers.shift();
    return next ? next() : Promise.resolve('');
  };
  const input = createVoiceInput(
    {
      record: async () => {
        const recording = fakeRecording(audio);
        recordings.push(recording);
        return recording;
      },
      transcriber: () => transcriber,
      language: () => 'zh',
    },
    (text) => texts.push(text),
  );
  return { input, audio, recordings, sent, texts };
}

describe('voice input', () => {
  it('records, transcribes with the language hint and hands over the words', async () => {
    const { input, audio, sent, texts } = world([async () => 'How long did it take?']);
    input.start();
    expect(input.get().status).toBe('starting');
    await flush();
    expect(input.get().status).toBe('recording');
    input.stop();
    expect(input.get().status).toBe('transcribing');
    await flush();
    expect(sent).toEqual([{ audio, language: 'zh' }]);
    expect(texts).toEqual(['How long did it take?']);
    expect(input.get().status).toBe('idle');
  });

  it('keeps the audio of a refused transcription and Retry sends the same audio', async () => {
    const refused = new VoiceInputError({ kind: 'refused', status: 503, message: 'busy' });
    const { input, sent, texts } = world([() => Promise.reject(refused), async () => 'second time lucky']);
    input.start();
    await flush();
    input.stop();
    await flush();
    expect(input.get()).toEqual({ status: 'failed', failure: refused.failure, canRetry: true });
    input.retry();
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.audio).toBe(sent[0]?.audio);
    expect(texts).toEqual(['second time lucky']);
  });

  it('says the microphone was refused, with nothing to retry', async () => {
    const { input } = world([]);
    const deniedInput = createVoiceInput(
      {
        record: () => Promise.reject(new VoiceInputError({ kind: 'microphone-denied' })),
        transcriber: () => async () => '',
        language: () => 'en',
      },
      () => undefined,
    );
    deniedInput.start();
    await flush();
    expect(deniedInput.get()).toEqual({
      status: 'failed',
      failure: { kind: 'microphone-denied' },
      canRetry: false,
    });
    // Another recording may be started from a failure.
    input.start();
    expect(input.get().status).toBe('starting');
  });

  it('transcribes by itself when a cap stops the recording', async () => {
    const { input, recordings, texts } = world([async () => 'capped words']);
    input.start();
    await flush();
    recordings[0]?.fireCap();
    await flush();
    await flush();
    expect(texts).toEqual(['capped words']);
  });

  it('stops as soon as it starts when released while the microphone was opening', async () => {
    const { input, texts } = world([async () => 'quick']);
    input.start();
    input.stop();
    await flush();
    await flush();
    expect(texts).toEqual(['quick']);
  });

  it('lets the microphone go and reports nothing after dispose', async () => {
    const { input, recordings, texts } = world([async () => 'late']);
    input.start();
    await flush();
    input.dispose();
    expect(recordings[0]?.cancelled).toBe(true);
    input.stop();
    await flush();
    expect(texts).toEqual([]);
  });
});
