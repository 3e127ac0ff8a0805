// @vitest-environment happy-dom
import { defaultModes } from '@ringback/machines';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModeEditPage } from './ModeEditPage';
import { ModesPage } from './ModesPage';
import { modeSummary, weekdaysText } from './modeSummary';

afterEach(cleanup);

describe('Ring schedules page', () => {
  it("shows each mode with a switch named after it, and the schedule's verdict", () => {
    const onToggle = vi.fn();
    const props = { verdict: 'Calls ring now', onEdit: vi.fn(), onAdd: vi.fn(), onBack: vi.fn(), onToggle };
    const { rerender } = render(<ModesPage {...props} modes={defaultModes()} refusal={null} />);
    expect(screen.getByRole('heading', { name: 'Ring schedules' })).toBeTruthy();
    const work = screen.getByRole('switch', { name: 'Work' });
    expect(work.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(work);
    expect(onToggle).toHaveBeenCalledWith('work', true);
    expect(screen.getByRole('status').textContent).toBe('Calls ring now');
    rerender(
      <ModesPage
        {...props}
        modes={defaultModes()}
        refusal={'"Sleep" cannot be on together with "Work": both repeat on Monday.'}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be on together/);
  });

  it('summarises days, times and rule', () => {
    const [work, sleep] = defaultModes();
    expect(work && modeSummary(work)).toBe('Mon–Fri · 10:00–19:00 · rings only then');
    expect(sleep && modeSummary(sleep)).toBe('Every day · 22:00–08:00 · silent then');
    expect(weekdaysText([0, 6])).toBe('Sat, Sun');
    expect(weekdaysText([0, 1, 3])).toBe('Mon, Wed, Sun');
  });
});

describe('A mode’s page', () => {
  it('edits name, days, ranges and rule, and shows why a save was refused', () => {
    const [work] = defaultModes();
    if (!work) throw new Error('no default');
    const onSave = vi.fn(() => 'their days overlap');
    render(<ModeEditPage mode={work} isNew={false} onSave={onSave} onDelete={vi.fn()} onBack={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Office' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a time range' }));
    fireEvent.change(screen.getByLabelText('Range 2 from'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('Range 2 to'), { target: { value: '02:00' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Do not ring within these times' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      ...work,
      name: 'Office',
      weekdays: [1, 2, 3, 4, 5, 6],
      ranges: [
        { start: '10:00', end: '19:00' },
        { start: '22:00', end: '02:00' },
      ],
      rule: 'silentWithin',
    });
    expect(screen.getByRole('alert').textContent).toBe('their days overlap');
  });

  it('refuses a mode with no day before saving', () => {
    const [work] = defaultModes();
    if (!work) throw new Error('no default');
    const onSave = vi.fn(() => null);
    render(<ModeEditPage mode={work} isNew onSave={onSave} onDelete={vi.fn()} onBack={vi.fn()} />);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one day.');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
