import {
  DEFAULT_TRANSCRIPTION_TIMEOUT_MS,
  type TranscriptionChannelConfig,
} from '../config/transcription-channel';
import { ComputerFailure, describeOutboundFailure, withDeadline } from './computer-failure';
import { endpoint } from './synthesize-speech';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
};

/**
 * Transcribes a recording with the computer's speech-to-text endpoint
 * (`POST <baseUrl>/audio/transcriptions`, multipart: file, model, language).
 */
export async function transcribeSpeech(
  channel: TranscriptionChannelConfig,
  request: { audio: Uint8Array; mimeType: string; language?: string },
  signal: AbortSignal,
): Promise<string> {
  const deadline = withDeadline(signal, channel.timeoutMs ?? DEFAULT_TRANSCRIPTION_TIMEOUT_MS);
  const type = request.mimeType.split(';')[0]?.trim() ?? '';
  const form = new FormData();
  form.append(
    'file',
    new Blob([request.audio], { type: request.mimeType }),
    `speech.${EXTENSIONS[type] ?? 'webm'}`,
  );
  form.append('model', channel.model);
  // Whisper-style endpoints take ISO 639-1: `de` of `de-DE`.
  if (request.language)
    form.append('language', request.language.split('-')[0]?.toLowerCase() ?? request.language);
  form.append('response_format', 'json');
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(endpoint(channel.baseUrl, 'audio/transcriptions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.apiKey}` },
      body: form,
      signal: deadline,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ComputerFailure(
        'upstream_failed',
        `the speech-to-text endpoint answered HTTP ${response.status}`,
      );
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof ComputerFailure || signal.aborted) throw error;
    throw describeOutboundFailure('speech-to-text endpoint', error, deadline, channel.apiKey);
  }
  const text = (body as { text?: unknown } | null)?.text;
  if (typeof text !== 'string')
    throw new ComputerFailure('upstream_failed', 'the speech-to-text endpoint answered without a text');
  return text.trim();
}
