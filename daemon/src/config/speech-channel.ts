import type { SpeechChannel, SpeechFormat } from '@ringback/protocol';
import type { DaemonConfig } from './daemon-config';
import { secretHint } from './llm-channel';

/** The computer's voice as stored in `daemon.json` under `speech`. */
export interface SpeechChannelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
  format: SpeechFormat;
  /** Added by hand only; default 30000. */
  timeoutMs?: number;
}

export const DEFAULT_SPEECH_TIMEOUT_MS = 30_000;
const FORMATS: readonly string[] = ['mp3', 'wav', 'opus', 'aac', 'flac', 'pcm'];

const text = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** The configured voice, or null when it is missing a field or malformed (not configured). */
export function readSpeechChannel(config: DaemonConfig): SpeechChannelConfig | null {
  const raw = config.speech;
  if (typeof raw !== 'object' || raw === null) return null;
  const { baseUrl, apiKey, model, voice, format, timeoutMs } = raw as Record<string, unknown>;
  if (!text(baseUrl) || !text(apiKey) || !text(model) || !text(voice)) return null;
  if (format !== undefined && !(typeof format === 'string' && FORMATS.includes(format))) return null;
  const channel: SpeechChannelConfig = {
    baseUrl,
    apiKey,
    model,
    voice,
    format: (format as SpeechFormat | undefined) ?? 'mp3',
  };
  if (typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
    channel.timeoutMs = timeoutMs;
  return channel;
}

/** The voice as the local API shows it: never the key. */
export function toPublicSpeech(channel: SpeechChannelConfig): SpeechChannel {
  return {
    baseUrl: channel.baseUrl,
    model: channel.model,
    voice: channel.voice,
    format: channel.format,
    keyHint: secretHint(channel.apiKey),
  };
}
