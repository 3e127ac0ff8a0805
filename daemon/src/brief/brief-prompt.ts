import { languageDisplayName } from '@ringback/protocol';
import type { BriefCheck } from './brief-checks';
import { characterCount, LENGTH_RULE_MIN_ORIGINAL_CHARS, MAX_SPOKEN_SHARE } from './brief-checks';
import { BRIEF_JSON_SCHEMA, type BriefOutput } from './brief-output-schema';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

const AGENT_NAMES: Record<string, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  tracker: 'a Multica agent',
};

/** The placeholder the client replaces with the user's chosen form of address. */
export const FORM_OF_ADDRESS = '{form-of-address}';

export interface PromptInput {
  source: string;
  text: string;
  language: string;
  /** json_object endpoints cannot enforce a schema, so the prompt carries it. */
  schemaInPrompt: boolean;
}

export function spokenLimit(original: string): number | null {
  const length = characterCount(original);
  return length >= LENGTH_RULE_MIN_ORIGINAL_CHARS ? Math.floor(MAX_SPOKEN_SHARE * length) : null;
}

export function buildBriefMessages(input: PromptInput): ChatMessage[] {
  const language = `${languageDisplayName(input.language)} (${input.language})`;
  const limit = spokenLimit(input.text);
  const rules = [
    `You turn a coding agent's final reply into a short phone brief for the developer who ran the agent. It is read aloud by a speech engine.`,
    `Write every text field (spoken, cards, conclusion, pendingQuestions, criticalFacts[].fact, addedNotesHeading) in ${language}, whatever the language of the original. Keep code identifiers, file names, numbers and versions exactly as written.`,
    `spoken: one paragraph for the ear: plain sentences, no markdown, no lists, no code. Where you address the user, write the placeholder ${FORM_OF_ADDRESS} literally.${limit ? ` At most ${limit} characters.` : ''}`,
    'cards: a few short cards (title and body) with the points worth seeing on screen.',
    'conclusion: one sentence with the outcome of the turn.',
    'pendingQuestions: each question or decision the agent is waiting on the user for; an empty list when there is none.',
    'criticalFacts: the facts the user must not miss (failures, risks, numbers, decisions needed). For each, keyTerms lists exact strings copied verbatim from the original that carry the fact; every key term must appear verbatim in spoken, cards or conclusion.',
    `addedNotesHeading: a short heading in ${language} for notes read after the paragraph.`,
    'Answer with the JSON object only.',
  ];
  if (input.schemaInPrompt)
    rules.push(`The JSON must match this JSON Schema:\n${JSON.stringify(BRIEF_JSON_SCHEMA)}`);
  return [
    { role: 'system', content: rules.join('\n') },
    {
      role: 'user',
      content: `Final reply of ${AGENT_NAMES[input.source] ?? input.source}:\n<<<\n${input.text}\n>>>`,
    },
  ];
}

/** The one rewrite: the first draft, and exactly what the checks found wrong with it. */
export function buildRewriteMessages(
  first: ChatMessage[],
  draft: BriefOutput,
  check: BriefCheck,
  original: string,
): ChatMessage[] {
  const problems: string[] = [];
  const limit = spokenLimit(original);
  if (check.spokenTooLong && limit) {
    problems.push(`- spoken has ${characterCount(draft.spoken)} characters; it must have at most ${limit}.`);
  }
  for (const fact of check.missingFacts) {
    problems.push(
      `- the critical fact "${fact.fact}" is not covered: each of ${JSON.stringify(fact.keyTerms)} must appear verbatim in spoken, cards or conclusion.`,
    );
  }
  return [
    ...first,
    { role: 'assistant', content: JSON.stringify(draft) },
    {
      role: 'user',
      content: `Your brief fails these checks:\n${problems.join('\n')}\nRewrite the whole brief as JSON, fixing every problem.`,
    },
  ];
}
