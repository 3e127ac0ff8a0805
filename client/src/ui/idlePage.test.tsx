// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrangeCalls } from '../calls';
import { IdlePage, type Props } from './IdlePage';

afterEach(cleanup);

function idle(overrides: Partial<Props> = {}) {
  const props: Props = {
    connection: 'connected',
    statusItems: [{ tone: 'warn', text: 'No LLM for questions yet' }],
    notices: ['1 call could not be decrypted'],
    preparingCount: 1,
    failed: [{ eventId: 'f1', title: 'Fix login', reason: 'The voice service refused the key.' }],
    missed: [{ eventId: 'm1', title: 'Add tests', agentLabel: 'Codex', callTime: '2025-05-01 10:00:00' }],
    history: [
      {
        eventId: 'h1',
        title: 'Refactor relay',
        agentLabel: 'Claude Code',
        callTime: '2025-05-01 09:00:00',
        updatedTimeTitle: 'Updated 2025-05-01 08:59:00',
        statusLabel: 'Answered',
        resumeCommand: "cd '/work/relay' && claude --resume abc",
      },
    ],
    onRetry: vi.fn(),
    onIgnore: vi.fn(),
    onAnswerMissed: vi.fn(),
    onAcknowledgeAll: vi.fn(),
    onReplay: vi.fn(),
    onOpenCall: vi.fn(),
    onOpenSettings: vi.fn(),
    ...overrides,
  };
  render(<IdlePage {...props} />);
  return props;
}

describe('IdlePage', () => {
  it('shows status, notices, preparing count and the call time to the second', () => {
    idle();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('No LLM for questions yet')).toBeTruthy();
    expect(screen.getByText('1 call could not be decrypted')).toBeTruthy();
    expect(screen.getByText('Preparing 1 call…')).toBeTruthy();
    expect(screen.getByText('2025-05-01 09:00:00').getAttribute('title')).toBe('Updated 2025-05-01 08:59:00');
  });

  it('a missed permission call whose agent stopped waiting says so, and offers no Answer', () => {
    const props = idle({
      failed: [],
      missed: [
        {
          eventId: 'p1',
          title: 'Claude Code asks to run a command: npm publish',
          agentLabel: 'Claude Code',
          callTime: '2025-05-01 10:00:00',
          expired: 'The agent stopped waiting; answer at the computer',
        },
        { eventId: 'm1', title: 'Add tests', agentLabel: 'Codex', callTime: '2025-05-01 10:01:00' },
      ],
    });
    expect(screen.getByText('The agent stopped waiting; answer at the computer')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Answer Claude Code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Allow|Deny/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer Add tests' }));
    expect(props.onAnswerMissed).toHaveBeenCalledWith('m1');
  });

  it('failed reports retry or ignore; missed calls answer and acknowledge all', () => {
    const props = idle();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Fix login' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ignore Fix login' }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer Add tests' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all' }));
    expect(props.onRetry).toHaveBeenCalledWith('f1');
    expect(props.onIgnore).toHaveBeenCalledWith('f1');
    expect(props.onAnswerMissed).toHaveBeenCalledWith('m1');
    expect(props.onAcknowledgeAll).toHaveBeenCalledOnce();
    // No tabs: every missed call, so no ids are named.
    expect(props.onAcknowledgeAll).toHaveBeenCalledWith(undefined);
  });

  it('history rows copy the resume command, replay, open details and open settings', async () => {
    const onCopy = vi.fn(async () => undefined);
    const props = idle({ onCopy });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy resume command' }));
    });
    expect(onCopy).toHaveBeenCalledWith("cd '/work/relay' && claude --resume abc");
    expect(screen.getByText('Copied')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Replay Refactor relay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open details: Refactor relay' }));
    fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    expect(props.onReplay).toHaveBeenCalledWith('h1');
    expect(props.onOpenCall).toHaveBeenCalledWith('h1');
    expect(props.onOpenSettings).toHaveBeenCalledOnce();
  });

  it('says when copying fails and hides empty sections', async () => {
    const onCopy = vi.fn(async () => {
      throw new Error('denied');
    });
    idle({ onCopy, failed: [], missed: [], notices: [], preparingCount: 0 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy resume command' }));
    });
    expect(screen.getByText('Copy failed')).toBeTruthy();
    expect(screen.queryByText('Missed calls')).toBeNull();
    expect(screen.queryByText('Could not prepare')).toBeNull();
  });

  describe('acknowledge-all with project tabs', () => {
    const missedCall = (eventId: string, project: string) => ({
      eventId,
      title: `Call ${eventId}`,
      agentLabel: 'Multica',
      callTime: '2025-05-01 10:00:00',
      occurredAt: '2025-05-01T10:00:00.000Z',
      project,
      priority: 2,
      updatedAt: '2025-05-01T10:00:00.000Z',
    });
    const MISSED = [missedCall('api-1', 'API'), missedCall('api-2', 'API'), missedCall('web-1', 'Web')];

    function tabbed(tabId: string) {
      const view = arrangeCalls({ history: [], missed: MISSED, severalWorkspaces: false, tabId });
      const tab = view.tabs.find((candidate) => candidate.label === tabId);
      const arranged = tab
        ? arrangeCalls({ history: [], missed: MISSED, severalWorkspaces: false, tabId: tab.id })
        : view;
      return idle({
        missed: arranged.missed,
        history: arranged.history,
        calls: {
          tabs: arranged.tabs,
          currentTabId: arranged.currentTabId,
          onSelectTab: vi.fn(),
          pointer: 'coarse',
          missedGroups: arranged.missedGroups,
          historyGroups: arranged.historyGroups,
        },
      });
    }

    it("on a project tab acknowledges only that tab's missed calls", () => {
      const props = tabbed('API');
      expect(screen.getByRole('tab', { selected: true }).textContent).toContain('API');
      fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all' }));
      expect(props.onAcknowledgeAll).toHaveBeenCalledOnce();
      expect(props.onAcknowledgeAll).toHaveBeenCalledWith(['api-1', 'api-2']);
    });

    it('on All acknowledges every missed call', () => {
      const props = tabbed('all');
      fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all' }));
      expect(props.onAcknowledgeAll).toHaveBeenCalledWith(undefined);
    });
  });
});
