import { describe, expect, it } from 'vitest';
import { memoryStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';
import { loadModes, saveModes } from './modes-record';

describe('ringback.modes', () => {
  it('is the first-install Work and Sleep, both off, until saved', () => {
    const modes = loadModes(memoryStore());
    expect(modes.map((mode) => [mode.name, mode.on])).toEqual([
      ['Work', false],
      ['Sleep', false],
    ]);
  });

  it('keeps what was saved, and reads a mode saved without weekdays as every day, still on', () => {
    const store = memoryStore();
    const [work, sleep] = loadModes(store);
    if (!work || !sleep) throw new Error('no defaults');
    expect(saveModes(store, [{ ...work, on: true }, sleep])).toBe(true);
    expect(loadModes(store)[0]).toMatchObject({ name: 'Work', on: true, weekdays: [1, 2, 3, 4, 5] });
    store.setItem(
      STORAGE_KEYS.modes,
      JSON.stringify([
        {
          id: 'old',
          name: 'Night',
          ranges: [{ start: '23:00', end: '07:00' }],
          rule: 'silentWithin',
          on: true,
        },
      ]),
    );
    expect(loadModes(store)).toEqual([
      expect.objectContaining({ name: 'Night', on: true, weekdays: [0, 1, 2, 3, 4, 5, 6] }),
    ]);
  });
});
