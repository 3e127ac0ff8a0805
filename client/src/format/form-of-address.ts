import type { Brief } from '@ringback/protocol';

/** The placeholder the daemon's brief prompt asks the model to write wherever it addresses the user. */
export const FORM_OF_ADDRESS_PLACEHOLDER = '{form-of-address}';

/** A generic title for the boss: what the app says until the user picks their own. */
export const DEFAULT_FORM_OF_ADDRESS = 'boss';

/** Every `{form-of-address}` becomes the user's chosen form; a blank choice falls back to the default. */
export function replaceFormOfAddress(text: string, form: string): string {
  const chosen = form.trim() || DEFAULT_FORM_OF_ADDRESS;
  return text.replaceAll(FORM_OF_ADDRESS_PLACEHOLDER, chosen);
}

/**
 * The brief with the placeholder replaced in every text the user sees or hears; applied on receipt and
 * again on reading history (the stored brief keeps the placeholder, so a changed form shows up there too).
 */
export function briefWithFormOfAddress(brief: Brief, form: string): Brief {
  if (brief.status === 'failed') return brief;
  const swap = (text: string) => replaceFormOfAddress(text, form);
  return {
    ...brief,
    spoken: swap(brief.spoken),
    cards: brief.cards.map((card) => ({ title: swap(card.title), body: swap(card.body) })),
    conclusion: swap(brief.conclusion),
    pendingQuestions: brief.pendingQuestions.map(swap),
    criticalFacts: brief.criticalFacts.map(swap),
    ...(brief.addedNotes
      ? { addedNotes: { heading: swap(brief.addedNotes.heading), facts: brief.addedNotes.facts.map(swap) } }
      : {}),
  };
}
