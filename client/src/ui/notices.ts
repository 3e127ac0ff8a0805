import type { TextValues } from '../i18n';

/** A notice in a call: interface text by its English words, with values for its placeholders. */
export type CallNotice = string | { text: string; values: TextValues };

/** The in-call notices in the wording the spec's errors call for; the lead picks which apply. */
export const VOICE_UNAVAILABLE_NOTICE = 'Voice unavailable — switched to cards and captions';
export const ANSWER_FAILED_NOTICE = 'Your model did not answer; the report text is below.';

/**
 * Why the model gave no answer, in the player's words ("llm.example refused the API key"): a
 * refused key, a quota or a wrong model name each need a different fix, so the notice names it.
 */
export function answerFailedNotice(reason: string): CallNotice {
  const trimmed = reason.trim();
  return trimmed
    ? { text: 'Your model did not answer: {reason}. The report text is below.', values: { reason: trimmed } }
    : ANSWER_FAILED_NOTICE;
}

/**
 * The relay gave the call this device was in (or replying to) to another device: said plainly,
 * since what the user says or writes here may no longer reach the agent.
 */
export function takenFromHereNotice(device: string | null): CallNotice {
  return device
    ? {
        text: '{device} has this call now: what you say or write here may not reach the agent.',
        values: { device },
      }
    : 'Another device has this call now: what you say or write here may not reach the agent.';
}
