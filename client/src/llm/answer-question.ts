import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { endpointAt, MODEL_FIRST_CHUNK_DEADLINE_MS, MODEL_IDLE_DEADLINE_MS, startDeadline } from '../net';
import { type AnswerContext, buildAnswerMessages } from './answer-messages';
import { createLlmClient, type LlmClientOptions, type LlmEndpoint } from './llm-client';
import { describeLlmFailure, LlmCallError } from './llm-failure';

export interface AnswerRequest extends AnswerContext, LlmClientOptions {
  llm: LlmEndpoint;
  signal?: AbortSignal;
}

/**
 * The answer to a typed question as text deltas, streamed from the user's own endpoint so the first
 * sentence can be spoken while the rest is still coming. Every failure (HTTP error, network, a stream
 * that breaks or ends empty, a content filter, cancellation) is thrown as an LlmCallError with a
 * plain-words reason; the caller then goes back to the original text. Stopping the iteration early
 * (the user interrupts) aborts the request. An endpoint that does not start answering in time, or
 * stops half-way, fails with a reason naming its host; one that keeps answering is never cut.
 */
export async function* streamAnswer(request: AnswerRequest): AsyncGenerator<string, void, undefined> {
  const { llm, signal } = request;
  const client = createLlmClient(llm, request);
  // Our own controller: breaking out must end the request without waiting on the body's cancellation,
  // which some fetch implementations never settle.
  const abort = new AbortController();
  const forward = () => abort.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  // Until the first chunk, then counted afresh after each: a limit on the whole answer would cut a long one.
  const deadline = startDeadline({
    ms: MODEL_FIRST_CHUNK_DEADLINE_MS,
    endpoint: endpointAt('the model endpoint', llm.baseUrl),
    signal: abort.signal,
  });
  let iterator: AsyncIterator<ChatCompletionChunk> | undefined;
  let settled = false;
  let produced = false;
  let filtered = false;
  try {
    const stream = await client.chat.completions.create(
      { model: llm.model, messages: buildAnswerMessages(request), stream: true },
      { signal: deadline.signal },
    );
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        settled = true;
        break;
      }
      // Chunks already buffered keep coming after an abort or a timeout; none of them may be spoken.
      if (deadline.signal.aborted) break;
      deadline.restart(MODEL_IDLE_DEADLINE_MS, { stalled: true });
      const choice = next.value.choices[0];
      if (choice?.finish_reason === 'content_filter') filtered = true;
      const delta = choice?.delta?.content;
      if (delta) {
        produced = true;
        yield delta;
      }
    }
  } catch (error) {
    settled = true;
    throw describeLlmFailure(deadline.expired ?? error, llm);
  } finally {
    deadline.clear();
    signal?.removeEventListener('abort', forward);
    if (!settled) {
      abort.abort();
      iterator?.return?.().catch(() => {});
    }
  }
  // The SDK ends a stream quietly when its request is aborted; the answer is then cut short, not complete.
  if (deadline.expired) throw describeLlmFailure(deadline.expired, llm);
  if (abort.signal.aborted) throw new LlmCallError('the request was cancelled');
  if (filtered) throw new LlmCallError("the model's content filter stopped the answer");
  if (!produced) throw new LlmCallError('the model gave no answer');
}
