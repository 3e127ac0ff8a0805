import { describe, expect, it } from 'vitest';
import { defaultModes } from './default-modes';
import { validateModes } from './mode-overlaps';
import { EVERY_DAY } from './mode-types';
import { parseStoredModes } from './parse-stored-modes';
import { jan } from './ring-schedule-fixtures';
import { mayRingAt } from './ring-verdict';

describe('defaultModes (first install)', () => {
  it('offers Work and Sleep, both off', () => {
    expect(defaultModes()).toEqual([
      {
        id: 'work',
        name: 'Work',
        ranges: [{ start: '10:00', end: '19:00' }],
        weekdays: [1, 2, 3, 4, 5],
        rule: 'ringWithin',
        on: false,
      },
      {
        id: 'sleep',
        name: 'Sleep',
        ranges: [{ start: '22:00', end: '08:00' }],
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        rule: 'silentWithin',
        on: false,
      },
    ]);
    expect(validateModes(defaultModes())).toEqual([]);
  });

  it('so a new device rings at any time', () => {
    for (const at of [jan(5, '03:00'), jan(5, '12:00'), jan(5, '23:30'), jan(10, '06:00')])
      expect(mayRingAt(defaultModes(), at, 'UTC')).toBe(true);
  });

  it('returns fresh objects: editing one result does not change the next', () => {
    const first = defaultModes();
    first[0]?.weekdays.push(0);
    expect(defaultModes()[0]?.weekdays).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('parseStoredModes', () => {
  it('gives the first-install modes when nothing is stored or it is unreadable', () => {
    for (const raw of [undefined, null, 42, 'not json', '{"x":1}', { modes: 'no' }])
      expect(parseStoredModes(raw)).toEqual(defaultModes());
  });

  it('keeps an empty list: the user deleted every mode', () => {
    expect(parseStoredModes([])).toEqual([]);
  });

  it('round-trips current modes, also from their JSON text', () => {
    const modes = defaultModes().map((mode) => (mode.id === 'sleep' ? { ...mode, on: true } : mode));
    expect(parseStoredModes(modes)).toEqual(modes);
    expect(parseStoredModes(JSON.stringify(modes))).toEqual(modes);
  });

  it('reads a legacy mode without weekdays as every day, and it stays on', () => {
    const legacy = {
      id: 'night',
      name: 'Night',
      ranges: [{ start: '23:00', end: '07:00' }],
      rule: 'silentWithin',
      on: true,
    };
    expect(parseStoredModes([legacy])).toEqual([{ ...legacy, weekdays: [...EVERY_DAY] }]);
  });

  it('reads the legacy selected-mode shape: the selected one stays on, the others off', () => {
    const parsed = parseStoredModes({
      selectedModeId: 'b',
      modes: [
        { id: 'a', name: 'A', start: '9:00', end: '17:00', rule: 'ring' },
        { id: 'b', name: 'B', start: '22:00', end: '07:30', rule: 'silent' },
      ],
    });
    expect(parsed.map((mode) => [mode.id, mode.on, mode.rule, mode.weekdays.length, mode.ranges])).toEqual([
      ['a', false, 'ringWithin', 7, [{ start: '09:00', end: '17:00' }]],
      ['b', true, 'silentWithin', 7, [{ start: '22:00', end: '07:30' }]],
    ]);
  });

  it('switches off later modes that would share weekdays with an earlier one that is on', () => {
    const parsed = parseStoredModes([
      { id: 'a', name: 'A', ranges: [{ start: '22:00', end: '08:00' }], rule: 'silentWithin', on: true },
      { id: 'b', name: 'B', ranges: [{ start: '10:00', end: '19:00' }], rule: 'ringWithin', on: true },
      {
        id: 'c',
        name: 'C',
        ranges: [{ start: '10:00', end: '19:00' }],
        rule: 'ringWithin',
        on: true,
        weekdays: [],
      },
    ]);
    expect(parsed.map((mode) => mode.on)).toEqual([true, false, true]);
    expect(validateModes(parsed)).toEqual([]);
  });

  it('drops entries it cannot read rather than guess a rule or a time', () => {
    const parsed = parseStoredModes([
      'junk',
      { id: 'x', name: 'X', ranges: [{ start: '10:00', end: '19:00' }], rule: 'maybe' },
      {
        id: 'y',
        name: 'Y',
        ranges: [{ start: '25:00', end: '19:00' }, { start: '10:00' }],
        rule: 'ringWithin',
      },
      {
        id: 'z',
        name: 'Z',
        ranges: [
          { start: '24:00', end: '24:00' },
          { start: '07:00', end: '24:00' },
        ],
        rule: 'ringWithin',
      },
    ]);
    expect(parsed).toEqual([
      {
        id: 'z',
        name: 'Z',
        ranges: [{ start: '07:00', end: '24:00' }],
        weekdays: [...EVERY_DAY],
        rule: 'ringWithin',
        on: false,
      },
    ]);
  });

  it('cleans weekdays and fills missing names and ids, keeping ids unique', () => {
    const range = { start: '10:00', end: '11:00' };
    const parsed = parseStoredModes([
      { ranges: [range], rule: 'ringWithin', weekdays: [5, 1, 1, 9, -1, 2.5, '3'] },
      { id: 'mode-1', name: '  ', ranges: [range], rule: 'ringWithin', weekdays: [0] },
    ]);
    expect(parsed.map((mode) => [mode.id, mode.name, mode.weekdays])).toEqual([
      ['mode-1', 'Mode 1', [1, 5]],
      ['mode-1-2', 'Mode 2', [0]],
    ]);
  });
});
