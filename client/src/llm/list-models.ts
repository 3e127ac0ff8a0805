import { endpointAt, MODEL_REQUEST_DEADLINE_MS, startDeadline } from '../net';
import { createLlmClient, type LlmClientOptions, type LlmEndpoint } from './llm-client';
import { describeLlmFailure } from './llm-failure';

export type ListModelsResult = { ok: true; models: string[] } | { ok: false; reason: string };

/** `GET {baseUrl}/models`: the model ids the endpoint offers, sorted, for the model picker. */
export async function listModels(
  endpoint: Pick<LlmEndpoint, 'baseUrl' | 'apiKey'>,
  options: LlmClientOptions & { signal?: AbortSignal } = {},
): Promise<ListModelsResult> {
  const client = createLlmClient(endpoint, options);
  const ids = new Set<string>();
  // Every page of the list under one deadline: the user is watching the picker load.
  const deadline = startDeadline({
    ms: MODEL_REQUEST_DEADLINE_MS,
    endpoint: endpointAt('the model endpoint', endpoint.baseUrl),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    for await (const model of client.models.list({ signal: deadline.signal })) {
      if (typeof model?.id === 'string' && model.id !== '') ids.add(model.id);
    }
  } catch (error) {
    return { ok: false, reason: describeLlmFailure(deadline.expired ?? error, endpoint).reason };
  } finally {
    deadline.clear();
  }
  return { ok: true, models: [...ids].sort((a, b) => a.localeCompare(b)) };
}
