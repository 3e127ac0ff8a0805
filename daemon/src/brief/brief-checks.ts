import type { BriefOutput } from './brief-output-schema';

/** Originals shorter than this are not held to the length rule: there is little to shorten. */
export const LENGTH_RULE_MIN_ORIGINAL_CHARS = 300;
/** The spoken paragraph may take at most 60 % of the original's characters. */
export const MAX_SPOKEN_SHARE = 0.6;

type CriticalFact = BriefOutput['criticalFacts'][number];

export interface BriefCheck {
  missingFacts: CriticalFact[];
  spokenTooLong: boolean;
}

/** Characters as a reader counts them (code points, not UTF-16 units), so CJK and emoji count once. */
export function characterCount(text: string): number {
  return [...text].length;
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}

/**
 * A fact is covered when every one of its key terms appears in what the user hears or sees.
 * Key terms are verbatim strings (numbers, names, paths), so the rule holds whatever
 * language the brief is written in.
 */
export function isFactCovered(fact: CriticalFact, output: BriefOutput): boolean {
  const haystack = normalise(
    [
      output.spoken,
      output.conclusion,
      ...output.cards.flatMap((card) => [card.title, card.body]),
      ...output.pendingQuestions,
    ].join('\n'),
  );
  return fact.keyTerms.every((term) => term.trim() === '' || haystack.includes(normalise(term.trim())));
}

export function checkBrief(output: BriefOutput, original: string): BriefCheck {
  const originalLength = characterCount(original);
  return {
    missingFacts: output.criticalFacts.filter((fact) => !isFactCovered(fact, output)),
    spokenTooLong:
      originalLength >= LENGTH_RULE_MIN_ORIGINAL_CHARS &&
      characterCount(output.spoken) > MAX_SPOKEN_SHARE * originalLength,
  };
}

export function passes(check: BriefCheck): boolean {
  return check.missingFacts.length === 0 && !check.spokenTooLong;
}
