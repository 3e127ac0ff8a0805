import { endpointAt, MODEL_REQUEST_DEADLINE_MS, startDeadline } from '../net';
import { createLlmClient, type LlmClientOptions, type LlmEndpoint } from './llm-client';
import { describeLlmFailure } from './llm-failure';
import { stripCodeFence } from './strip-code-fence';

export type StructuredOutputMode = 'json_schema' | 'json_object';

export type ConnectionTestResult = { ok: true; model: string } | { ok: false; reason: string };

/** A tiny strict schema: enough to prove the endpoint enforces (or follows) one, as the brief call needs. */
const CHECK_SCHEMA = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, language: { type: 'string' } },
  required: ['ok', 'language'],
  additionalProperties: false,
} as const;

/**
 * One structured-output call of the daemon's kind (same `response_format` shapes: `json_schema` strict,
 * or `json_object` with the schema in the prompt and a code fence tolerated), so a passing test means
 * briefs will work with this endpoint and model too.
 */
export async function testConnection(
  endpoint: LlmEndpoint & { structuredOutput?: StructuredOutputMode },
  options: LlmClientOptions & { signal?: AbortSignal } = {},
): Promise<ConnectionTestResult> {
  const mode = endpoint.structuredOutput ?? 'json_schema';
  const client = createLlmClient(endpoint, options);
  const rules = ['You check a connection. Answer with the JSON object only: ok is true, language is "en".'];
  if (mode === 'json_object')
    rules.push(`The JSON must match this JSON Schema:\n${JSON.stringify(CHECK_SCHEMA)}`);
  let completion: Awaited<ReturnType<typeof client.chat.completions.create>>;
  const deadline = startDeadline({
    ms: MODEL_REQUEST_DEADLINE_MS,
    endpoint: endpointAt('the model endpoint', endpoint.baseUrl),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    completion = await client.chat.completions.create(
      {
        model: endpoint.model,
        stream: false,
        messages: [
          { role: 'system', content: rules.join('\n') },
          { role: 'user', content: 'Connection check.' },
        ],
        response_format:
          mode === 'json_object'
            ? { type: 'json_object' }
            : {
                type: 'json_schema',
                json_schema: { name: 'ringback_check', strict: true, schema: CHECK_SCHEMA },
              },
      },
      { signal: deadline.signal },
    );
  } catch (error) {
    return { ok: false, reason: describeLlmFailure(deadline.expired ?? error, endpoint).reason };
  } finally {
    deadline.clear();
  }
  if (!('choices' in completion)) return { ok: false, reason: 'the endpoint answered with a stream' };
  const choice = completion.choices[0];
  if (choice?.message.refusal) return { ok: false, reason: 'the model refused to answer' };
  const content = choice?.message.content ?? '';
  if (content.trim() === '') return { ok: false, reason: 'the model answered with nothing' };
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(content));
  } catch {
    return {
      ok: false,
      reason:
        mode === 'json_schema'
          ? 'the model did not answer JSON: it may not support json_schema (try json_object)'
          : 'the model did not answer JSON, so briefs would fail with it',
    };
  }
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (typeof fields.ok !== 'boolean' || typeof fields.language !== 'string')
    return {
      ok: false,
      reason: 'the model answered JSON that does not follow the schema, so briefs would fail',
    };
  return { ok: true, model: completion.model || endpoint.model };
}
