import { Type } from 'typebox';

export const BriefCard = Type.Object({
  title: Type.String(),
  body: Type.String(),
});
export type BriefCard = Type.Static<typeof BriefCard>;

/** Critical facts the checks found still missing after the rewrite, read aloud after the paragraph. */
export const AddedNotes = Type.Object({
  heading: Type.String({ minLength: 1 }),
  facts: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
});
export type AddedNotes = Type.Static<typeof AddedNotes>;

/** A brief the LLM produced and the checks accepted (possibly after one rewrite). */
export const ReadyBrief = Type.Object({
  status: Type.Literal('ready'),
  /** BCP 47 language-region tag every part is written in. */
  language: Type.String(),
  spoken: Type.String(),
  cards: Type.Array(BriefCard),
  conclusion: Type.String(),
  pendingQuestions: Type.Array(Type.String()),
  criticalFacts: Type.Array(Type.String()),
  addedNotes: Type.Optional(AddedNotes),
  /** How many LLM calls it took (1, or 2 after a rewrite). */
  llmCalls: Type.Integer({ minimum: 1 }),
  model: Type.String(),
});
export type ReadyBrief = Type.Static<typeof ReadyBrief>;

/** No brief: the report is still delivered and the app shows it as failed. */
export const FailedBrief = Type.Object({
  status: Type.Literal('failed'),
  language: Type.String(),
  /** Human-readable reason, for example that no LLM is configured on this computer. */
  reason: Type.String(),
  llmCalls: Type.Integer({ minimum: 0 }),
});
export type FailedBrief = Type.Static<typeof FailedBrief>;

export const Brief = Type.Union([ReadyBrief, FailedBrief]);
export type Brief = Type.Static<typeof Brief>;
