// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyDispatchesPage, type Props } from './MyDispatchesPage';
import type { DispatchRow } from './types';

afterEach(cleanup);

const ROWS: DispatchRow[] = [
  {
    id: 't3',
    kind: 'issue',
    state: 'creating',
    prompt: '\nAdd an export button\nto the report page',
    images: 2,
    agentName: 'Claude',
    createdAt: new Date(2025, 4, 2, 9, 5).toISOString(),
  },
  {
    id: 't2',
    kind: 'issue',
    state: 'created',
    prompt: 'Fix the login',
    images: 0,
    agentName: 'Codex',
    createdAt: new Date(2025, 4, 1, 18, 30).toISOString(),
    identifier: 'ACME-42',
    title: 'Login fails on Safari',
    status: 'in_progress',
    priority: 'urgent',
  },
  {
    id: 't1',
    kind: 'issue',
    state: 'failed',
    prompt: 'Do the thing',
    images: 1,
    agentName: 'Claude',
    createdAt: new Date(2025, 4, 1, 8, 0).toISOString(),
    failureReason: 'The agent finished without writing an issue.',
  },
  {
    id: 'c1',
    kind: 'comment',
    state: 'created',
    prompt: 'Please also cover Firefox',
    images: 0,
    agentName: '',
    createdAt: new Date(2025, 3, 30, 7, 0).toISOString(),
    identifier: 'ACME-40',
    title: 'Browser matrix',
    status: 'done',
    priority: 'none',
  },
];

function page(overrides: Partial<Props> = {}) {
  const props: Props = {
    dispatches: ROWS,
    loading: false,
    error: null,
    onRefresh: vi.fn(),
    onCancel: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
  render(<MyDispatchesPage {...props} />);
  return props;
}

describe('MyDispatchesPage', () => {
  it('shows each dispatch in the given order with its state, issue, status, priority, time and images', () => {
    page();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.rb-row-title')?.textContent?.trim())).toEqual([
      'Add an export button',
      'ACME-42 Login fails on Safari',
      'Do the thing',
      'ACME-40 Browser matrix',
    ]);
    expect(rows[0]?.textContent).toContain('Calling…');
    expect(rows[0]?.textContent).toContain('Claude · 2025-05-02 09:05 · 2 images');
    expect(rows[1]?.textContent).toContain('Dispatched');
    expect(rows[1]?.textContent).toContain('In progress');
    expect(rows[1]?.textContent).toContain('Urgent');
    expect(rows[2]?.textContent).toContain('The agent finished without writing an issue.');
    expect(rows[2]?.textContent).toContain('1 image');
    expect(rows[3]?.textContent).toContain('Comment');
    expect(rows[3]?.textContent).not.toContain('priority');
  });

  it('cancels only creating dispatches, refreshes and goes back', () => {
    const props = page();
    expect(screen.getAllByRole('button', { name: /^Cancel/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Add an export button' }));
    expect(props.onCancel).toHaveBeenCalledWith('t3');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(props.onRefresh).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(props.onBack).toHaveBeenCalledOnce();
  });

  it('has empty, loading and error states', () => {
    page({ dispatches: [] });
    expect(screen.getByText(/No dispatches yet/)).toBeTruthy();
    cleanup();
    page({ dispatches: [], loading: true });
    expect(screen.getByText('Loading dispatches…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    page({ error: 'The computer is offline.' });
    expect(screen.getByRole('alert').textContent).toBe('The computer is offline.');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
