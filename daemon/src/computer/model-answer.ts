import type { ComputerChatMessage } from '@ringback/protocol';
import { APIError, OpenAI } from 'openai';
import type { LlmChannelConfig } from '../config/daemon-config';
import { DEFAULT_LLM_TIMEOUT_MS } from '../config/llm-channel';
import { ComputerFailure, describeOutboundFailure, withDeadline } from './computer-failure';

/** The longest a whole streamed answer may take. */
export const MODEL_ANSWER_DEADLINE_MS = 180_000;

/**
 * Streams the model's answer to the messages, piece by piece as the endpoint sends them
 * (openai SDK, `stream: true`). The channel's timeout bounds the wait for the answer to start,
 * `MODEL_ANSWER_DEADLINE_MS` the whole answer.
 */
export async function* streamModelAnswer(
  channel: LlmChannelConfig,
  messages: ComputerChatMessage[],
  signal: AbortSignal,
): AsyncGenerator<string> {
  const deadline = withDeadline(signal, MODEL_ANSWER_DEADLINE_MS);
  const client = new OpenAI({
    apiKey: channel.apiKey,
    baseURL: channel.baseUrl,
    timeout: channel.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxRetries: 0,
  });
  try {
    const stream = await client.chat.completions.create(
      {
        model: channel.model,
        messages,
        stream: true,
        ...(channel.reasoningEffort ? { reasoning_effort: channel.reasoningEffort as 'low' } : {}),
      },
      { signal: deadline },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) yield delta;
    }
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof APIError && error.status)
      throw new ComputerFailure('upstream_failed', `the model endpoint answered HTTP ${error.status}`);
    throw describeOutboundFailure('model endpoint', error, deadline, channel.apiKey);
  }
}
