import { describe, expect, it } from 'vitest';
import { characterCount, checkBrief, isFactCovered, passes } from './brief-checks';
import type { BriefOutput } from './brief-output-schema';
import { stripCodeFence } from './strip-code-fence';

function output(spoken: string, extra: Partial<BriefOutput> = {}): BriefOutput {
  return {
    spoken,
    cards: [],
    conclusion: '',
    pendingQuestions: [],
    criticalFacts: [],
    addedNotesHeading: 'Note',
    ...extra,
  };
}

describe('isFactCovered', () => {
  it('needs every key term somewhere the user hears or sees it, ignoring case and spacing', () => {
    const fact = { fact: 'two failures', keyTerms: ['auth.spec.ts', 'Exit Code 2'] };
    expect(isFactCovered(fact, output('auth.spec.ts failed with exit  code 2'))).toBe(true);
    expect(
      isFactCovered(fact, output('auth.spec.ts failed', { cards: [{ title: 'Exit code 2', body: '' }] })),
    ).toBe(true);
    expect(isFactCovered(fact, output('auth.spec.ts failed'))).toBe(false);
  });

  it('works across languages because key terms are verbatim', () => {
    const fact = { fact: 'マイグレーション 0042', keyTerms: ['0042', 'payments'] };
    expect(isFactCovered(fact, output('payments のマイグレーション 0042 を先に実行してください'))).toBe(true);
  });
});

describe('checkBrief', () => {
  const original = 'x'.repeat(500);
  it('holds originals of 300 characters or more to 60 %', () => {
    expect(checkBrief(output('y'.repeat(300)), original).spokenTooLong).toBe(false);
    expect(checkBrief(output('y'.repeat(301)), original).spokenTooLong).toBe(true);
    expect(checkBrief(output('y'.repeat(400)), 'x'.repeat(299)).spokenTooLong).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('😀😀')).toBe(2);
  });

  it('lists the facts that are not covered', () => {
    const missing = { fact: 'a', keyTerms: ['42'] };
    const check = checkBrief(
      output('ok', { criticalFacts: [missing, { fact: 'b', keyTerms: ['ok'] }] }),
      'short',
    );
    expect(check.missingFacts).toEqual([missing]);
    expect(passes(check)).toBe(false);
  });
});

describe('stripCodeFence', () => {
  it.each([
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n{"a":1}```', '{"a":1}'],
    ['  {"a":1}  ', '{"a":1}'],
  ])('%j → %j', (input, expected) => expect(stripCodeFence(input)).toBe(expected));
});
