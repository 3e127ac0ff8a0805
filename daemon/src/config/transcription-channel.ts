import type { TranscriptionChannel } from '@ringback/protocol';
import type { DaemonConfig } from './daemon-config';
import { secretHint } from './llm-channel';

/** The computer's speech-to-text endpoint as stored in `daemon.json` under `transcription`. */
export interface TranscriptionChannelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Added by hand only; default 60000. */
  timeoutMs?: number;
}

export const DEFAULT_TRANSCRIPTION_TIMEOUT_MS = 60_000;

const text = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** The configured endpoint, or null when it is missing a field or malformed (not configured). */
export function readTranscriptionChannel(config: DaemonConfig): TranscriptionChannelConfig | null {
  const raw = config.transcription;
  if (typeof raw !== 'object' || raw === null) return null;
  const { baseUrl, apiKey, model, timeoutMs } = raw as Record<string, unknown>;
  if (!text(baseUrl) || !text(apiKey) || !text(model)) return null;
  const channel: TranscriptionChannelConfig = { baseUrl, apiKey, model };
  if (typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
    channel.timeoutMs = timeoutMs;
  return channel;
}

/** The endpoint as the local API shows it: never the key. */
export function toPublicTranscription(channel: TranscriptionChannelConfig): TranscriptionChannel {
  return { baseUrl: channel.baseUrl, model: channel.model, keyHint: secretHint(channel.apiKey) };
}
