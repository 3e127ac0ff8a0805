import type { FailedBrief, ReadyBrief } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { buildCallSegments } from './call-segments';

const ready: ReadyBrief = {
  status: 'ready',
  language: 'en-US',
  spoken: 'The parser work is done. All tests pass.',
  cards: [
    { title: 'What changed', body: 'Numbers like 3.5 stay whole. File names like a.ts too.' },
    { title: 'Risks', body: 'None known so far.' },
  ],
  conclusion: 'Ready to merge today.',
  pendingQuestions: ['Merge now?'],
  criticalFacts: [],
  addedNotes: { heading: 'Also worth knowing', facts: ['The CI takes ten minutes.', 'Docs are unchanged.'] },
  llmCalls: 1,
  model: 'test-model',
};

const failed: FailedBrief = { status: 'failed', language: 'zh-CN', reason: 'no LLM configured', llmCalls: 0 };

describe('buildCallSegments', () => {
  it('reads a ready brief as spoken paragraph, cards (title first), notes, conclusion', () => {
    expect(buildCallSegments({ brief: ready, reportText: 'ignored', noBriefLine: 'No brief.' })).toEqual([
      { kind: 'spoken', sentences: ['The parser work is done.', 'All tests pass.'] },
      {
        kind: 'card',
        title: 'What changed',
        sentences: ['What changed', 'Numbers like 3.5 stay whole.', 'File names like a.ts too.'],
      },
      { kind: 'card', title: 'Risks', sentences: ['Risks', 'None known so far.'] },
      {
        kind: 'notes',
        title: 'Also worth knowing',
        sentences: ['Also worth knowing', 'The CI takes ten minutes.', 'Docs are unchanged.'],
      },
      { kind: 'conclusion', sentences: ['Ready to merge today.'] },
    ]);
  });

  it('never merges a short card title into the body: the title stays its own sentence', () => {
    const [, card] = buildCallSegments({
      brief: { ...ready, cards: [{ title: '风险', body: '目前没有已知风险。' }] },
      reportText: '',
      noBriefLine: '',
    });
    expect(card?.sentences).toEqual(['风险', '目前没有已知风险。']);
  });

  it('leaves out parts with nothing to read', () => {
    const segments = buildCallSegments({
      brief: {
        ...ready,
        spoken: '  ',
        cards: [{ title: '', body: '' }],
        addedNotes: undefined,
        conclusion: '',
      },
      reportText: '',
      noBriefLine: '',
    });
    expect(segments).toEqual([]);
  });

  it('turns a failed brief into one segment: the no-brief line, then the original report', () => {
    expect(
      buildCallSegments({
        brief: failed,
        reportText: '我修好了解析器。\n测试全部通过。',
        noBriefLine: '这次没有简报，下面是原始报告。',
      }),
    ).toEqual([
      {
        kind: 'noBrief',
        sentences: ['这次没有简报，下面是原始报告。', '我修好了解析器。', '测试全部通过。'],
      },
    ]);
  });
});
