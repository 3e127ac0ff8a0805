import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
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
 * (the user interrupts) aborts the request.
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
  let iterator: AsyncIterator<ChatCompletionChunk> | undefined;
  let settled = false;
  let produced = false;
  let filtered = false;
  try {
    const stream = await client.chat.completions.create(
      { model: llm.model, messages: buildAnswerMessages(request), stream: true },
      { signal: abort.signal },
    );
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        settled = true;
        break;
      }
      // Chunks already buffered keep coming after an abort; none of them may be spoken.
      if (abort.signal.aborted) break;
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
    throw describeLlmFailure(error, llm);
  } finally {
    signal?.removeEventListener('abort', forward);
    if (!settled) {
      abort.abort();
      iterator?.return?.().catch(() => {});
    }
  }
  // The SDK ends a stream quietly when its request is aborted; the answer is then cut short, not complete.
  if (abort.signal.aborted) throw new LlmCallError('the request was cancelled');
  if (filtered) throw new LlmCallError("the model's content filter stopped the answer");
  if (!produced) throw new LlmCallError('the model gave no answer');
}
