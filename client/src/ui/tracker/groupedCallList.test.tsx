// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CallPlacement, groupCalls } from '../../calls/call-tabs';
import type { HistoryRow, MissedCall } from '../types';
import { GroupedCallHistoryList, GroupedMissedCallList } from './GroupedCallList';

afterEach(cleanup);

type Missed = MissedCall & CallPlacement;
type History = HistoryRow & CallPlacement;

const missed = (eventId: string, fields: Partial<Missed>): Missed => ({
  eventId,
  title: `Call ${eventId}`,
  agentLabel: 'Agent',
  callTime: '2025-05-01 10:00:00',
  occurredAt: '2025-05-01T10:00:00Z',
  ...fields,
});

const history = (eventId: string, fields: Partial<History>): History => ({
  ...missed(eventId, fields),
  statusLabel: 'Answered',
  ...fields,
});

describe('GroupedMissedCallList', () => {
  it('groups missed calls under the project name only, Other last, each answerable', () => {
    const onAnswer = vi.fn();
    const onAcknowledgeAll = vi.fn();
    const groups = groupCalls(
      [
        missed('local', { title: 'Local report' }),
        missed('w1', { title: 'Fix login', project: 'Web', workspaceName: 'Acme', priority: 1 }),
        missed('w0', { title: 'Outage', project: 'Web', workspaceName: 'Acme', priority: 0 }),
      ],
      true,
    );
    render(<GroupedMissedCallList groups={groups} onAnswer={onAnswer} onAcknowledgeAll={onAcknowledgeAll} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Acme / Web',
      'Other',
    ]);
    const web = screen.getByRole('region', { name: 'Acme / Web' });
    expect(
      within(web)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Answer Outage', 'Answer Fix login']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Missed calls 3');
    fireEvent.click(screen.getByRole('button', { name: 'Answer Local report' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all' }));
    expect(onAnswer).toHaveBeenCalledWith('local');
    expect(onAcknowledgeAll).toHaveBeenCalledOnce();
  });

  it('renders nothing without missed calls', () => {
    const { container } = render(
      <GroupedMissedCallList
        groups={[{ id: 'other', title: 'Other', rows: [] }]}
        onAnswer={vi.fn()}
        onAcknowledgeAll={vi.fn()}
      />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('GroupedCallHistoryList', () => {
  it('shows each call time to the second with the issue update time on hover', () => {
    const onOpen = vi.fn();
    const onReplay = vi.fn();
    const groups = groupCalls(
      [
        history('h1', {
          title: 'Ship it',
          project: 'API',
          callTime: '2025-05-01 10:22:03',
          updatedTimeTitle: 'Issue updated 2025-05-01 11:00:00',
        }),
        history('h2', { title: 'Local', occurredAt: '2025-04-01T00:00:00Z' }),
      ],
      false,
    );
    render(<GroupedCallHistoryList groups={groups} onOpen={onOpen} onReplay={onReplay} />);
    const time = screen.getByText('2025-05-01 10:22:03');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe('Issue updated 2025-05-01 11:00:00');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['API', 'Other']);
    fireEvent.click(screen.getByRole('button', { name: 'Open details: Ship it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Replay Local' }));
    expect(onOpen).toHaveBeenCalledWith('h1');
    expect(onReplay).toHaveBeenCalledWith('h2');
  });

  it('offers the resume command to copy', () => {
    const onCopy = vi.fn();
    const groups = groupCalls([history('h1', { resumeCommand: 'agent-a --resume 42' })], false);
    render(<GroupedCallHistoryList groups={groups} onOpen={vi.fn()} onReplay={vi.fn()} onCopy={onCopy} />);
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(onCopy).toHaveBeenCalledWith('agent-a --resume 42');
  });

  it('says there are no calls yet when empty', () => {
    render(<GroupedCallHistoryList groups={[]} onOpen={vi.fn()} onReplay={vi.fn()} />);
    expect(screen.getByText(/No calls yet/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });
});
