import { APIConnectionError, APIConnectionTimeoutError, APIError, type OpenAI } from 'openai';
import type { LlmChannelConfig } from '../config/daemon-config';
import { BRIEF_JSON_SCHEMA, type BriefOutput, parseBriefOutput } from './brief-output-schema';
import type { ChatMessage } from './brief-prompt';
import { stripCodeFence } from './strip-code-fence';

export type LlmCallResult = { ok: true; output: BriefOutput } | { ok: false; reason: string };

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof APIConnectionTimeoutError) return `the LLM call timed out after ${timeoutMs} ms`;
  if (error instanceof APIConnectionError) {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    return `could not reach the LLM endpoint (${cause.code ?? cause.message ?? 'connection failed'})`;
  }
  if (error instanceof APIError) return `the LLM endpoint answered HTTP ${error.status ?? 'error'}`;
  if (error instanceof Error && error.name === 'AbortError') return 'the LLM call was cancelled';
  return `the LLM call failed (${error instanceof Error ? error.name : 'unknown error'})`;
}

/** One structured chat-completions call; every way it can fail becomes a reason, never a throw. */
export async function callBriefLlm(
  client: OpenAI,
  channel: LlmChannelConfig,
  messages: ChatMessage[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<LlmCallResult> {
  let completion: Awaited<ReturnType<OpenAI['chat']['completions']['create']>>;
  try {
    completion = await client.chat.completions.create(
      {
        model: channel.model,
        messages,
        stream: false,
        response_format:
          channel.structuredOutput === 'json_object'
            ? { type: 'json_object' }
            : {
                type: 'json_schema',
                json_schema: { name: 'ringback_brief', strict: true, schema: BRIEF_JSON_SCHEMA },
              },
        // Sent only when the user added it by hand: many endpoints reject unknown parameters.
        ...(channel.reasoningEffort ? { reasoning_effort: channel.reasoningEffort as 'low' } : {}),
      },
      signal ? { signal } : {},
    );
  } catch (error) {
    return { ok: false, reason: describeFailure(error, timeoutMs) };
  }
  if (!('choices' in completion)) return { ok: false, reason: 'the LLM endpoint answered with a stream' };
  const choice = completion.choices[0];
  if (choice?.finish_reason === 'content_filter')
    return { ok: false, reason: "the LLM's content filter blocked the brief" };
  if (choice?.message.refusal) return { ok: false, reason: 'the LLM refused to write the brief' };
  const content = choice?.message.content;
  if (!content?.trim()) return { ok: false, reason: 'the LLM answered with no content' };
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(content));
  } catch {
    return { ok: false, reason: 'the LLM output is not JSON' };
  }
  const parsed = parseBriefOutput(value);
  return parsed.ok
    ? parsed
    : { ok: false, reason: `the LLM output does not fit the brief schema: ${parsed.problem}` };
}
