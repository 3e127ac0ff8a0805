import type { ComputerAnswerFrame, ComputerRequestPlaintext } from '@ringback/protocol';
import type { LlmChannelConfig } from '../config/daemon-config';
import type { SpeechChannelConfig } from '../config/speech-channel';
import type { TranscriptionChannelConfig } from '../config/transcription-channel';
import { ComputerFailure } from './computer-failure';
import { streamModelAnswer } from './model-answer';
import { synthesizeSpeech } from './synthesize-speech';
import { transcribeSpeech } from './transcribe-speech';

/** The settings a request runs with, read when it starts. */
export interface ComputerSettings {
  llm(): LlmChannelConfig | null;
  speech(): SpeechChannelConfig | null;
  transcription(): TranscriptionChannelConfig | null;
}

/** Runs one opened request with the computer's settings: its answer's frames, before `end`. */
export async function* runComputerRequest(
  request: ComputerRequestPlaintext,
  settings: ComputerSettings,
  signal: AbortSignal,
): AsyncGenerator<ComputerAnswerFrame> {
  if (request.kind === 'model.answer') {
    const channel = settings.llm();
    if (!channel) throw new ComputerFailure('llm_not_configured', 'no model is set on this computer');
    for await (const delta of streamModelAnswer(channel, request.messages, signal))
      yield { type: 'text', delta };
    return;
  }
  if (request.kind === 'speech.synthesize') {
    const channel = settings.speech();
    if (!channel) throw new ComputerFailure('speech_not_configured', 'no voice is set on this computer');
    const audio = await synthesizeSpeech(channel, request, signal);
    for await (const chunk of audio.chunks)
      yield { type: 'audio', mimeType: audio.mimeType, data: Buffer.from(chunk).toString('base64') };
    return;
  }
  const channel = settings.transcription();
  if (!channel)
    throw new ComputerFailure(
      'transcription_not_configured',
      'no speech-to-text endpoint is set on this computer',
    );
  const text = await transcribeSpeech(
    channel,
    {
      audio: Buffer.from(request.audio, 'base64'),
      mimeType: request.mimeType,
      ...(request.language ? { language: request.language } : {}),
    },
    signal,
  );
  yield { type: 'transcript', text };
}
