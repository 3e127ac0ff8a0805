import {
  COMPUTER_ANSWER_AUDIO_CHUNK_BYTES,
  type ComputerVoiceOptions,
  type SpeechFormat,
} from '@ringback/protocol';
import { DEFAULT_SPEECH_TIMEOUT_MS, type SpeechChannelConfig } from '../config/speech-channel';
import { ComputerFailure, describeOutboundFailure, withDeadline } from './computer-failure';

const MIME_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  pcm: 'audio/pcm',
};

export interface SpeechAudio {
  mimeType: string;
  /** The audio in pieces of at most `COMPUTER_ANSWER_AUDIO_CHUNK_BYTES`, as the endpoint sends it. */
  chunks: AsyncGenerator<Uint8Array>;
}

/**
 * Speaks a sentence with the computer's voice (`POST <baseUrl>/audio/speech`, OpenAI's shape),
 * the request's options over the saved ones. The audio is passed on as it arrives, in pieces.
 */
export async function synthesizeSpeech(
  channel: SpeechChannelConfig,
  request: { text: string; voice?: ComputerVoiceOptions },
  signal: AbortSignal,
): Promise<SpeechAudio> {
  const deadline = withDeadline(signal, channel.timeoutMs ?? DEFAULT_SPEECH_TIMEOUT_MS);
  const format = request.voice?.format ?? channel.format;
  let response: Response;
  try {
    response = await fetch(endpoint(channel.baseUrl, 'audio/speech'), {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: channel.model,
        input: request.text,
        voice: request.voice?.voice ?? channel.voice,
        response_format: format,
        ...(request.voice?.speed ? { speed: request.voice.speed } : {}),
      }),
      signal: deadline,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw describeOutboundFailure('voice endpoint', error, deadline, channel.apiKey);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ComputerFailure('upstream_failed', `the voice endpoint answered HTTP ${response.status}`);
  }
  const mimeType = response.headers.get('content-type')?.split(';')[0]?.trim() || MIME_TYPES[format];
  return { mimeType, chunks: pieces(response.body, signal, deadline, channel.apiKey) };
}

async function* pieces(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  deadline: AbortSignal,
  secret: string,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) {
      for (let at = 0; at < chunk.byteLength; at += COMPUTER_ANSWER_AUDIO_CHUNK_BYTES)
        yield chunk.subarray(at, at + COMPUTER_ANSWER_AUDIO_CHUNK_BYTES);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw describeOutboundFailure('voice endpoint', error, deadline, secret);
  }
}

/** `<baseUrl>/<path>`, whether or not the base ends in a slash. */
export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}
