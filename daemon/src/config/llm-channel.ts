import type { LlmChannel } from '@ringback/protocol';
import type { DaemonConfig, LlmChannelConfig } from './daemon-config';

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * The configured LLM channel, or null when it is missing `baseUrl`, `apiKey` or `model`
 * or is malformed: such a configuration counts as not configured.
 */
export function readLlmChannel(config: DaemonConfig): LlmChannelConfig | null {
  const raw = config.llm?.primary;
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const { baseUrl, apiKey, model, structuredOutput, timeoutMs, reasoningEffort } = record;
  if (!nonEmptyString(baseUrl) || !nonEmptyString(apiKey) || !nonEmptyString(model)) return null;
  if (
    structuredOutput !== undefined &&
    structuredOutput !== 'json_schema' &&
    structuredOutput !== 'json_object'
  ) {
    return null;
  }
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
  ) {
    return null;
  }
  if (reasoningEffort !== undefined && !nonEmptyString(reasoningEffort)) return null;
  const channel: LlmChannelConfig = {
    baseUrl,
    apiKey,
    model,
    structuredOutput: structuredOutput ?? 'json_schema',
  };
  if (timeoutMs !== undefined) channel.timeoutMs = timeoutMs;
  if (reasoningEffort !== undefined) channel.reasoningEffort = reasoningEffort;
  return channel;
}

/** A hint for a secret: a fixed prefix, an ellipsis and the last four characters. */
export function secretHint(secret: string): string {
  return `****…${secret.slice(-4)}`;
}

/** The channel as the local API shows it: never the key. */
export function toPublicChannel(channel: LlmChannelConfig): LlmChannel {
  return {
    baseUrl: channel.baseUrl,
    model: channel.model,
    keyHint: secretHint(channel.apiKey),
    structuredOutput: channel.structuredOutput,
  };
}
