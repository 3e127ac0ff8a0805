import type { EventReport } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { callWords, ringingNotification, unreadableCallNotification } from './notification-text';
import { CLAUDE_REPORT, EVENT_ID, READY_BRIEF, RECEIVED_AT } from './test-support';

const TRACKER_REPORT: EventReport = {
  source: 'tracker',
  workspaceId: 'ws-1',
  workspaceName: 'Acme',
  issueId: 'iss-1',
  identifier: 'ACME-42',
  title: 'Fix the login',
  projectId: null,
  project: null,
  priority: 'high',
  updatedAt: '2026-03-01T08:00:00.000Z',
  agentId: 'ag-1',
  agentName: 'Nova',
  taskId: 'task-1',
  text: 'The login works again. I added a regression test.',
};

const brief = { ...READY_BRIEF, spoken: 'I fixed the login bug, captain. All forty tests pass.' };

describe('a ringing call', () => {
  it('has the caller and project as title and the brief’s first sentence as body', () => {
    const shown = ringingNotification(callWords(CLAUDE_REPORT, brief), {
      eventId: EVENT_ID,
      language: 'en',
      maxActions: 2,
      receivedAt: RECEIVED_AT,
    });
    expect(shown.title).toBe('Claude Code · billing-api');
    expect(shown.options).toEqual({
      tag: `call-${EVENT_ID}`,
      body: 'I fixed the login bug, captain.',
      lang: 'en',
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      renotify: true,
      requireInteraction: true,
      vibrate: [2000, 4000, 2000],
      data: { eventId: EVENT_ID, kind: 'ring', line: 'Claude Code · billing-api' },
      actions: [
        { action: 'answer', title: 'Answer' },
        { action: 'decline', title: 'Decline' },
      ],
      timestamp: RECEIVED_AT,
    });
  });

  it('names a tracker agent and its issue, and falls back to the report without a brief', () => {
    const shown = ringingNotification(callWords(TRACKER_REPORT, null), {
      eventId: EVENT_ID,
      language: 'en',
      maxActions: 2,
    });
    expect(shown.title).toBe('Nova · ACME-42 · Fix the login');
    expect(shown.options.body).toBe('The login works again.');
  });

  it('has no buttons where the browser shows none', () => {
    const shown = ringingNotification(callWords(CLAUDE_REPORT, brief), {
      eventId: EVENT_ID,
      language: 'en',
      maxActions: 0,
    });
    expect(shown.options.actions).toBeUndefined();
    expect(shown.options.requireInteraction).toBe(true);
  });

  it('speaks Chinese when the interface does', () => {
    const shown = ringingNotification(callWords(CLAUDE_REPORT, brief), {
      eventId: EVENT_ID,
      language: 'zh',
      maxActions: 2,
    });
    expect(shown.options.actions?.map((action) => action.title)).toEqual(['接听', '拒接']);
    expect(shown.options.lang).toBe('zh');
  });
});

describe('a call that could not be fetched or opened', () => {
  it('still rings, as "Incoming call", with the call’s tag and buttons', () => {
    const shown = unreadableCallNotification({ eventId: EVENT_ID, language: 'en', maxActions: 2 });
    expect(shown.title).toBe('Incoming call');
    expect(shown.options).toMatchObject({
      tag: `call-${EVENT_ID}`,
      body: 'Open Ringback to answer.',
      renotify: true,
      requireInteraction: true,
      vibrate: [2000, 4000, 2000],
      data: { eventId: EVENT_ID, kind: 'ring' },
    });
    expect(shown.options.actions).toHaveLength(2);
  });

  it('has no Decline when the push did not even say which call', () => {
    const shown = unreadableCallNotification({ eventId: null, language: 'zh', maxActions: 2 });
    expect([shown.title, shown.options.body]).toEqual(['来电', '打开 Ringback 接听。']);
    expect(shown.options.tag).toBe('call-unknown');
    expect(shown.options.actions).toBeUndefined();
  });
});
