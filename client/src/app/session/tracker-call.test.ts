import type { Brief, TrackerSealedReport } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { buildAnswerMessages } from '../../llm/answer-messages';
import { parseCallRecord } from '../../storage/call-record';
import { callerName, callSubtitle } from '../call-labels';
import { historyRecordOf } from './history-record';
import type { OpenedEvent } from './open-event';
import { replyPlaintextOf } from './reply-plaintext';

const report: TrackerSealedReport = {
  source: 'tracker',
  workspaceId: 'ws-1',
  workspaceName: 'Acme',
  issueId: 'issue-7',
  identifier: 'ACME-7',
  title: 'Fix the login redirect',
  projectId: 'p-1',
  project: 'Web app',
  priority: 'high',
  updatedAt: '2026-11-23T10:00:00.000Z',
  agentId: 'a-1',
  agentName: 'Coder',
  taskId: 'task-9',
  text: 'I fixed the redirect and added a test.',
};
const brief: Brief = {
  status: 'ready',
  language: 'en-US',
  spoken: 'The redirect is fixed.',
  cards: [],
  conclusion: 'Done.',
  pendingQuestions: [],
  criticalFacts: [],
  llmCalls: 1,
  model: 'm-1',
};
const event: OpenedEvent = {
  eventId: 'evt-1',
  occurredAt: Date.parse('2026-11-23T10:00:00Z'),
  receivedAt: Date.parse('2026-11-23T10:00:01Z'),
  plaintext: { eventId: 'evt-1', occurredAt: '2026-11-23T10:00:00Z', report, brief },
  brief,
};

describe('a tracker call', () => {
  it('is announced by the agent’s name and the issue', () => {
    expect(callerName(report)).toBe('Coder');
    expect(callSubtitle(report)).toBe('ACME-7 · Fix the login redirect');
    expect(callerName({ source: 'codex', cwd: '/w/app', sessionId: 's', text: 't' })).toBe('Codex');
    expect(callSubtitle({ source: 'codex', cwd: '/w/app', sessionId: 's', text: 't' })).toBe('app');
  });

  it('is kept in history with its issue’s priority, update time and project, and read back whole', () => {
    const record = historyRecordOf(event, { status: 'answered', handledBy: null });
    expect(record).toMatchObject({ priority: 1, updatedAt: report.updatedAt, project: 'Web app', report });
    expect(parseCallRecord(JSON.parse(JSON.stringify(record)))?.report).toEqual(report);
    expect(parseCallRecord({ ...record, report: { ...report, issueId: 7 } })).toBeNull();
  });

  it('is answered with a comment on its issue, not a session', () => {
    expect(replyPlaintextOf('evt-1', report, 'Also cover the logout.')).toEqual({
      eventId: 'evt-1',
      source: 'tracker',
      workspaceId: 'ws-1',
      issueId: 'issue-7',
      text: 'Also cover the logout.',
    });
  });

  it('tells the model which issue the agent worked on', () => {
    const [system] = buildAnswerMessages({
      report,
      brief,
      progress: { heardSentences: [], remainingSentences: [] },
      history: [],
      question: 'Did it add a test?',
      language: 'en-US',
      formOfAddress: 'boss',
    } as unknown as Parameters<typeof buildAnswerMessages>[0]);
    expect(system?.content).toContain('Multica agent Coder work on issue ACME-7 "Fix the login redirect"');
    expect(system?.content).toContain('I fixed the redirect and added a test.');
  });
});
