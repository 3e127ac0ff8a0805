import type { AskOverLink } from '../relay/computer-link';
import { type AnswerContext, buildAnswerMessages } from './answer-messages';
import { LlmCallError } from './llm-failure';

/** The computer's failures in words the call can show (the rest keep the computer's own message). */
const COMPUTER_WORDS: Record<string, string> = {
  device_offline: 'your computer is not connected right now',
  device_not_found: 'this account has no computer',
  daemon_timeout: 'your computer did not answer in time',
  llm_not_configured: 'your computer has no model set',
  undecryptable_request: 'your computer holds a different end-to-end key than this device',
};

/**
 * The answer to a question as text deltas, from the model on the user's computer through the
 * relay (sealed end to end): the same messages the direct path sends, streamed back piece by
 * piece so the first sentence is spoken as soon as it is complete. Failures are LlmCallErrors
 * in plain words, like the direct path's.
 */
export async function* streamAnswerThroughComputer(
  request: AnswerContext & { signal?: AbortSignal },
  ask: AskOverLink,
): AsyncGenerator<string, void, undefined> {
  let produced = false;
  try {
    for await (const piece of ask(
      { kind: 'model.answer', messages: buildAnswerMessages(request) },
      request.signal ? { signal: request.signal } : {},
    )) {
      if (piece.type !== 'text' || piece.delta === '') continue;
      produced = true;
      yield piece.delta;
    }
  } catch (error) {
    if (request.signal?.aborted)
      throw new LlmCallError('the request was cancelled', undefined, { cause: error });
    const code = (error as { code?: unknown } | null)?.code;
    const words = typeof code === 'string' ? COMPUTER_WORDS[code] : undefined;
    throw new LlmCallError(words ?? `your computer: ${(error as Error).message}`, undefined, {
      cause: error,
    });
  }
  if (!produced) throw new LlmCallError('the model gave no answer');
}
