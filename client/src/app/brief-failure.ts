import type { Brief } from '@ringback/protocol';
import type { TextValues } from '../i18n';

/** The settings page that fixes a failed brief: the computer's model is set on the language model page. */
export type BriefFailureFix = 'llm';

/** Why a brief failed, in words a user acts on: interface text by its English words, with values. */
export interface BriefFailureWords {
  text: string;
  values?: TextValues;
  /** Where to fix it; null when no setting would (the computer was stopped mid-brief). */
  fix: BriefFailureFix | null;
}

const UNUSABLE_ANSWER =
  'The language model’s answer was not a usable brief: try another model, or the other structured output choice.';

/**
 * The reasons the daemon writes into a failed brief (daemon/src/brief/generate-brief.ts and
 * llm-call.ts), in plain English of its own. Each known one becomes a sentence that says what to
 * do; an unknown one (a newer computer, a wording this version does not know) is shown as the
 * computer gave it, after a plain lead-in: it is the user's own computer speaking.
 */
export function briefFailureWords(reason: string): BriefFailureWords {
  const given = reason.trim();
  if (/^No LLM is configured on this computer\b/i.test(given))
    return {
      text: 'No language model is set up on your computer, so it could not write a brief.',
      fix: 'llm',
    };
  const timedOut = /^the LLM call timed out after (\d+) ms$/i.exec(given);
  if (timedOut)
    return {
      text: 'Your computer’s language model did not answer within {seconds} s: pick a faster model, or try again later.',
      values: { seconds: Math.round(Number(timedOut[1]) / 1000) },
      fix: 'llm',
    };
  // The connection's own code (ECONNREFUSED…) stays in the computer's log: the user checks the address.
  if (/^could not reach the LLM endpoint\b/i.test(given))
    return {
      text: 'Your computer could not reach its language model: check the model’s address, and that the service is running.',
      fix: 'llm',
    };
  const http = /^the LLM endpoint answered HTTP (\d+|error)$/i.exec(given);
  if (http) return httpWords(http[1] ?? 'error');
  if (/content filter blocked the brief$/i.test(given))
    return {
      text: 'The language model’s content filter blocked the brief: try another model.',
      fix: 'llm',
    };
  if (/^the LLM refused to write the brief$/i.test(given))
    return { text: 'The language model refused to write the brief: try another model.', fix: 'llm' };
  if (
    /^the LLM (answered with no content|output is not JSON|output does not fit the brief schema\b)/i.test(
      given,
    ) ||
    /^the LLM endpoint answered with a stream$/i.test(given)
  )
    return { text: UNUSABLE_ANSWER, fix: 'llm' };
  if (/^the LLM call was cancelled$/i.test(given))
    return { text: 'Your computer stopped before the brief was written.', fix: null };
  return { text: 'Your computer said: “{reason}”', values: { reason: given || '—' }, fix: 'llm' };
}

function httpWords(status: string): BriefFailureWords {
  const code = Number(status);
  if (code === 401 || code === 403)
    return {
      text: 'The language model service refused your computer’s API key: check the key.',
      fix: 'llm',
    };
  if (code === 404)
    return {
      text: 'The language model service does not know this model or address: check the model name and the address.',
      fix: 'llm',
    };
  if (code === 429)
    return {
      text: 'The language model service is over its limit or out of credit: try again later, or check your plan.',
      fix: 'llm',
    };
  if (code === 400 || code === 422)
    return {
      text: 'The language model service rejected the request: the model may not support structured output; try the other structured output choice, or another model.',
      fix: 'llm',
    };
  if (code >= 500)
    return {
      text: 'The language model service failed: try again later, or pick another model.',
      fix: 'llm',
    };
  // No sentence of its own: the status is all there is to say.
  return {
    text: 'The language model service answered with an error (HTTP {status}).',
    values: { status },
    fix: 'llm',
  };
}

/** A call as the idle page knows it: from history, or waiting in the queue. */
export interface KnownCall {
  eventId: string;
  /** ISO time or epoch ms the agent's turn ended. */
  occurredAt: string | number;
  brief: Brief | null;
}

/**
 * The newest call's failed brief, or null when the newest call had a brief (the problem is behind
 * the user) or none is known: the idle page says why the last brief could not be written.
 */
export function latestBriefFailure(calls: readonly KnownCall[]): { eventId: string; reason: string } | null {
  let newest: KnownCall | null = null;
  let newestAt = Number.NEGATIVE_INFINITY;
  for (const call of calls) {
    if (!call.brief) continue;
    const at = typeof call.occurredAt === 'number' ? call.occurredAt : Date.parse(call.occurredAt);
    if (Number.isNaN(at)) continue;
    if (at > newestAt || (at === newestAt && newest !== null && call.eventId > newest.eventId)) {
      newest = call;
      newestAt = at;
    }
  }
  return newest?.brief?.status === 'failed' ? { eventId: newest.eventId, reason: newest.brief.reason } : null;
}
