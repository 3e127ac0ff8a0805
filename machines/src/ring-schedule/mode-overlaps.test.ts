import { describe, expect, it } from 'vitest';
import { defaultModes } from './default-modes';
import { disableMode, enableMode, updateMode, validateModes } from './mode-overlaps';
import { mode } from './ring-schedule-fixtures';

describe('enableMode', () => {
  it('switches on a mode whose weekdays meet no mode that is on', () => {
    const result = enableMode(defaultModes(), 'work');
    expect(result.ok && result.modes.map((m) => [m.id, m.on])).toEqual([
      ['work', true],
      ['sleep', false],
    ]);
  });

  it('refuses Sleep while Work is on, naming both modes and the shared days', () => {
    const withWork = enableMode(defaultModes(), 'work');
    if (!withWork.ok) throw new Error(withWork.message);
    const result = enableMode(withWork.modes, 'sleep');
    expect(result).toEqual({
      ok: false,
      reason: 'weekdaysOverlap',
      message:
        '"Sleep" cannot be on together with "Work": both repeat on Monday, Tuesday, Wednesday, Thursday and Friday. ' +
        'Two modes can be on together only when their weekdays do not overlap.',
      overlaps: [
        { modeId: 'sleep', modeName: 'Sleep', otherId: 'work', otherName: 'Work', weekdays: [1, 2, 3, 4, 5] },
      ],
    });
  });

  it('allows two modes on together when their weekdays do not overlap', () => {
    const modes = [
      mode({ id: 'week', name: 'Week', weekdays: [1, 2, 3, 4, 5] }),
      mode({ id: 'weekend', name: 'Weekend', weekdays: [0, 6], on: false }),
    ];
    const result = enableMode(modes, 'weekend');
    expect(result.ok && result.modes.every((m) => m.on)).toBe(true);
  });

  it('names every mode it clashes with', () => {
    const modes = [
      mode({ id: 'a', name: 'A', weekdays: [1] }),
      mode({ id: 'b', name: 'B', weekdays: [6] }),
      mode({ id: 'c', name: 'C', on: false }),
    ];
    const result = enableMode(modes, 'c');
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'weekdaysOverlap') return;
    expect(result.overlaps.map((overlap) => [overlap.otherName, overlap.weekdays])).toEqual([
      ['A', [1]],
      ['B', [6]],
    ]);
    expect(result.message).toContain('"C" cannot be on together with "A": both repeat on Monday.');
    expect(result.message).toContain('"C" cannot be on together with "B": both repeat on Saturday.');
  });

  it('refuses an unknown id', () => {
    expect(enableMode(defaultModes(), 'nap')).toMatchObject({ ok: false, reason: 'unknownMode' });
    expect(disableMode(defaultModes(), 'nap')).toMatchObject({ ok: false, reason: 'unknownMode' });
  });

  it('switching off always succeeds, and an already-on mode does not clash with itself', () => {
    const modes = [mode({ id: 'a', name: 'A' })];
    expect(enableMode(modes, 'a')).toEqual({ ok: true, modes });
    const off = disableMode(modes, 'a');
    expect(off.ok && off.modes[0]?.on).toBe(false);
  });
});

describe('updateMode', () => {
  it('refuses widening the weekdays of a mode that is on into another that is on', () => {
    const modes = [
      mode({ id: 'a', name: 'A', weekdays: [1, 2] }),
      mode({ id: 'b', name: 'B', weekdays: [3] }),
    ];
    const result = updateMode(modes, { ...mode({ id: 'b', name: 'B' }), weekdays: [2, 3] });
    expect(result).toMatchObject({ ok: false, reason: 'weekdaysOverlap' });
    expect(result.ok ? '' : result.message).toContain('both repeat on Tuesday');
  });

  it('saves edits to a mode that is off whatever its weekdays', () => {
    const modes = [mode({ id: 'a', name: 'A' }), mode({ id: 'b', name: 'B', on: false })];
    const edited = { ...mode({ id: 'b', name: 'B', on: false }), ranges: [{ start: '01:00', end: '02:00' }] };
    expect(updateMode(modes, edited)).toEqual({ ok: true, modes: [modes[0], edited] });
  });
});

describe('validateModes', () => {
  it('reports each overlapping pair once, bad ranges and modes without ranges', () => {
    const problems = validateModes([
      mode({ id: 'a', name: 'A' }),
      mode({ id: 'b', name: 'B', weekdays: [0] }),
      mode({ id: 'c', name: 'C', on: false, ranges: [] }),
      mode({ id: 'd', name: 'D', on: false, ranges: [{ start: '7', end: '24:00' }] }),
    ]);
    expect(problems.map((problem) => [problem.kind, problem.modeId])).toEqual([
      ['weekdaysOverlap', 'a'],
      ['noRanges', 'c'],
      ['invalidRange', 'd'],
    ]);
    expect(problems[0]?.message).toContain('"A" cannot be on together with "B": both repeat on Sunday.');
  });
});
