import { describe, expect, it } from 'vitest';
import type { AskOverLink } from '../relay/computer-link';
import { RelayError } from '../relay/relay-error';
import { defaultSettings } from '../storage';
import { createComputerTranscriber } from './computer-transcriber';
import { unsetTranscriber, type VoiceInputError } from './transcriber';
import { transcriberFor } from './transcriber-for';

function computerHearing(text: string | null, failure?: RelayError) {
  const asked: Record<string, unknown>[] = [];
  const ask: AskOverLink = async function* (request) {
    asked.push(request);
    if (failure) throw failure;
    if (text !== null) yield { type: 'transcript', text };
  };
  return { ask, asked };
}

const clip = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm;codecs=opus' });

async function failureOf(promise: Promise<unknown>) {
  return ((await promise.catch((error: unknown) => error)) as VoiceInputError).failure;
}

describe('transcription through the computer', () => {
  it('sends the recording, its type and the language hint, and returns the words heard', async () => {
    const { ask, asked } = computerHearing(' Resume the deploy. ');
    expect(await createComputerTranscriber(ask)(clip(), { language: 'en' })).toBe('Resume the deploy.');
    expect(asked[0]).toEqual({
      kind: 'speech.transcribe',
      audio: 'AQID',
      mimeType: 'audio/webm;codecs=opus',
      language: 'en',
    });
  });

  it('says the computer is offline, or has no speech recognition, so the user types instead', async () => {
    const offline = computerHearing(null, new RelayError(503, 'device_offline', 'offline'));
    expect(await failureOf(createComputerTranscriber(offline.ask)(clip(), { language: 'en' }))).toEqual({
      kind: 'computer-offline',
    });
    const unset = computerHearing(null, new RelayError(0, 'transcription_not_configured', 'none'));
    expect(await failureOf(createComputerTranscriber(unset.ask)(clip(), { language: 'en' }))).toEqual({
      kind: 'computer-not-set',
    });
    const refused = computerHearing(null, new RelayError(0, 'upstream_failed', 'the endpoint said 401'));
    expect(await failureOf(createComputerTranscriber(refused.ask)(clip(), { language: 'en' }))).toMatchObject(
      {
        kind: 'refused',
        message: 'the endpoint said 401',
      },
    );
  });

  it('reads an empty transcript as no words heard', async () => {
    const { ask } = computerHearing('  ');
    expect(await failureOf(createComputerTranscriber(ask)(clip(), { language: 'en' }))).toEqual({
      kind: 'no-text',
    });
  });

  it('is what transcriberFor picks when the settings say "Your computer", whatever the endpoint', async () => {
    const { ask } = computerHearing('hi');
    const settings = { ...defaultSettings(), speechRecognitionSource: 'computer' as const };
    expect(await transcriberFor(settings, ask)(clip(), { language: 'en' })).toBe('hi');
    expect(transcriberFor(defaultSettings(), ask)).toBe(unsetTranscriber);
  });
});
