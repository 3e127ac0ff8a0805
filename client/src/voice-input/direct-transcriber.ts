import { endpointRouting, hostFetch } from '../desktop/host-fetch';
import { isRequestTimeout, TRANSCRIPTION_DEADLINE_MS, withDeadlines, withUploadAllowance } from '../net';
import type { SpeechRecognitionSettings } from '../storage';
import { type Transcriber, VoiceInputError } from './transcriber';

export interface DirectTranscriberOptions {
  /** Injected in tests; else the host's (in the desktop app, main makes the request). */
  fetch?: typeof globalThis.fetch;
  deadlineMs?: number;
}

/** Whisper servers tell the format by the file name's extension, not by the part's type. */
const EXTENSIONS: [RegExp, string][] = [
  [/webm/, 'webm'],
  [/ogg/, 'ogg'],
  [/mp4|m4a|aac/, 'm4a'],
  [/wav/, 'wav'],
  [/mpeg|mp3/, 'mp3'],
];

export function recordingFileName(type: string): string {
  const found = EXTENSIONS.find(([pattern]) => pattern.test(type.toLowerCase()));
  return `speech.${found?.[1] ?? 'webm'}`;
}

/** The endpoint's own words for a refusal: OpenAI's `{error:{message}}`, ours, FastAPI's `detail`, or the text. */
export function refusalMessage(body: string): string {
  let message = body.trim();
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const error = json.error as Record<string, unknown> | string | undefined;
    const found =
      (typeof error === 'object' && error !== null ? error.message : undefined) ??
      json.message ??
      json.detail ??
      error;
    if (typeof found === 'string') message = found;
  } catch {
    // Not JSON: the text itself (an HTML error page is cut below).
  }
  return message.replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * The user's own OpenAI-compatible `/audio/transcriptions`, called from this device: the recording
 * goes to that endpoint and nowhere else. Multipart `file`, `model` and `language` (the hint), with a
 * deadline that grows with the upload's size.
 */
export function createDirectTranscriber(
  settings: SpeechRecognitionSettings,
  options: DirectTranscriberOptions = {},
): Transcriber {
  return async (audio, { language, signal }) => {
    if (!settings.baseUrl) throw new VoiceInputError({ kind: 'not-set' });
    const url = `${settings.baseUrl}/audio/transcriptions`;
    const form = new FormData();
    form.append('file', audio, recordingFileName(audio.type));
    form.append('model', settings.model);
    if (language) form.append('language', language);
    form.append('response_format', 'json');
    const headers: Record<string, string> = {};
    if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
    const ms = withUploadAllowance(options.deadlineMs ?? TRANSCRIPTION_DEADLINE_MS, audio.size);
    const deadlines = withDeadlines(
      options.fetch ?? desktopAware(settings.baseUrl),
      ms,
      'speech recognition',
    );
    try {
      const response = await deadlines.fetch(url, {
        method: 'POST',
        body: form,
        headers,
        ...(signal ? { signal } : {}),
      });
      const body = await response.text();
      if (!response.ok)
        throw new VoiceInputError({
          kind: 'refused',
          status: response.status,
          message: refusalMessage(body),
        });
      return textOf(body);
    } catch (error) {
      throw asVoiceError(error, deadlines.expired() ?? error, url);
    } finally {
      deadlines.clear();
    }
  };
}

function textOf(body: string): string {
  let text: unknown = body;
  try {
    text = (JSON.parse(body) as { text?: unknown }).text;
  } catch {
    // `response_format=text` servers answer the words alone.
  }
  const words = typeof text === 'string' ? text.trim() : '';
  if (!words) throw new VoiceInputError({ kind: 'no-text' });
  return words;
}

function asVoiceError(error: unknown, cause: unknown, url: string): unknown {
  if (error instanceof VoiceInputError) return error;
  if (isRequestTimeout(cause))
    return new VoiceInputError({
      kind: 'timeout',
      endpoint: new URL(url).host,
      seconds: Math.round(cause.ms / 1000),
    });
  // The caller's own abort (the user cancelled) stays what it was.
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new VoiceInputError({
    kind: 'unreachable',
    endpoint: new URL(url).host,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** An endpoint being tried on the settings page is not saved yet: main must be told of it first. */
function desktopAware(baseUrl: string): typeof globalThis.fetch {
  return async (input, init) => {
    await endpointRouting.tryOut([baseUrl]);
    return hostFetch(input, init);
  };
}
