import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * What the LLM returns for one brief. Strict-mode friendly (every field required, no extra
 * fields), so the same schema is enforced by `json_schema` endpoints and checked by us.
 */
export const BriefOutput = Type.Object(
  {
    spoken: Type.String({ description: 'The spoken paragraph, read aloud on the phone call.' }),
    cards: Type.Array(
      Type.Object({ title: Type.String(), body: Type.String() }, { additionalProperties: false }),
      { description: 'Short cards shown during the call: one point each.' },
    ),
    conclusion: Type.String({ description: 'One sentence: the outcome of the turn.' }),
    pendingQuestions: Type.Array(Type.String(), {
      description: 'Questions or decisions the agent is waiting on the user for; empty when none.',
    }),
    criticalFacts: Type.Array(
      Type.Object(
        {
          fact: Type.String({ description: 'The fact, in the brief language.' }),
          keyTerms: Type.Array(Type.String(), {
            description:
              'Exact strings copied verbatim from the original that carry the fact (numbers, names, identifiers, paths, versions).',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'Facts the user must not miss (failures, risks, numbers, decisions needed).' },
    ),
    addedNotesHeading: Type.String({
      description:
        'A short heading, in the brief language, for notes appended after the paragraph (e.g. "Also note").',
    }),
  },
  { additionalProperties: false },
);
export type BriefOutput = Type.Static<typeof BriefOutput>;

const compiled = Compile(BriefOutput);

/** Validates model output; the first mismatch becomes the failure text. */
export function parseBriefOutput(
  value: unknown,
): { ok: true; output: BriefOutput } | { ok: false; problem: string } {
  if (compiled.Check(value)) return { ok: true, output: value };
  const first = compiled.Errors(value)[0];
  const where = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : 'output';
  return { ok: false, problem: `${where} ${first?.message ?? 'does not match the brief schema'}` };
}

/** The schema as plain JSON, as sent to `json_schema` endpoints and shown in `json_object` prompts. */
export const BRIEF_JSON_SCHEMA: Record<string, unknown> = JSON.parse(JSON.stringify(BriefOutput));
