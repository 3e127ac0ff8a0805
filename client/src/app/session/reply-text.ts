import { isContinueWord } from '@ringback/machines';

export interface CallOutcome {
  conversation: readonly { role: 'user' | 'assistant'; text: string }[];
  decisions: readonly { question: string; answer: string | null }[];
}

/**
 * What the reply panel offers after hang-up: the decisions taken on the brief's pending questions,
 * then what the user said during the call (their questions carry what they care about). The user
 * edits it before sending; "continue" words were for the player, not the agent.
 */
export function defaultReplyText(outcome: CallOutcome): string {
  const decided = outcome.decisions
    .filter((decision) => decision.answer !== null && decision.answer.trim() !== '')
    .map((decision) => `${decision.question} → ${decision.answer?.trim()}`);
  const said = outcome.conversation
    .filter((turn) => turn.role === 'user' && !isContinueWord(turn.text))
    .map((turn) => turn.text.trim())
    .filter((text) => text !== '');
  return [...decided, ...said].join('\n');
}
