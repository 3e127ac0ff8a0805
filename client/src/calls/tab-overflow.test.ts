import { describe, expect, it } from 'vitest';
import { fitTabs, scrollLeftToShow } from './tab-overflow';

const ids = ['all', 'a', 'b', 'c', 'd'];
const widths = [50, 100, 100, 100, 100]; // 450 in all

describe('fitTabs', () => {
  it('shows every tab when they all fit, without a More menu', () => {
    expect(fitTabs({ ids, widths, available: 450, moreWidth: 80, keepIds: ['all'] })).toEqual({
      visible: ids,
      hidden: [],
    });
  });

  it('moves the tabs that do not fit beside More into it, in order', () => {
    // 400 - 80 for More leaves 320: all (50) + a + b (250); c would make 350.
    expect(fitTabs({ ids, widths, available: 400, moreWidth: 80, keepIds: ['all'] })).toEqual({
      visible: ['all', 'a', 'b'],
      hidden: ['c', 'd'],
    });
  });

  it('keeps the current tab in the row even when it comes last', () => {
    expect(fitTabs({ ids, widths, available: 400, moreWidth: 80, keepIds: ['all', 'd'] })).toEqual({
      visible: ['all', 'a', 'd'],
      hidden: ['b', 'c'],
    });
  });

  it('does not skip a tab to show a narrower later one', () => {
    const narrowLast = [50, 100, 200, 100, 10];
    expect(
      fitTabs({ ids, widths: narrowLast, available: 300, moreWidth: 80, keepIds: ['all'] }).visible,
    ).toEqual(['all', 'a']);
  });

  it('keeps the current tab alone when nothing else fits', () => {
    expect(fitTabs({ ids, widths, available: 120, moreWidth: 80, keepIds: ['c'] })).toEqual({
      visible: ['c'],
      hidden: ['all', 'a', 'b', 'd'],
    });
  });

  it('never hides a single tab', () => {
    expect(fitTabs({ ids: ['all'], widths: [500], available: 100, moreWidth: 80, keepIds: ['all'] })).toEqual(
      { visible: ['all'], hidden: [] },
    );
  });
});

describe('fitTabs keeping several tabs', () => {
  it('keeps All and the current tab, filling the rest in order', () => {
    // 400 - 80 = 320; all (50) + d (100) reserved, then a (100) makes 250, b would make 350.
    expect(fitTabs({ ids, widths, available: 400, moreWidth: 80, keepIds: ['all', 'd'] }).hidden).toEqual([
      'b',
      'c',
    ]);
  });

  it('ignores kept ids that are not tabs', () => {
    expect(fitTabs({ ids, widths, available: 400, moreWidth: 80, keepIds: ['gone'] }).visible).toEqual([
      'all',
      'a',
      'b',
    ]);
  });
});

describe('scrollLeftToShow', () => {
  const view = { scrollLeft: 100, clientWidth: 300 };

  it('stays put when the tab is already in view', () => {
    expect(scrollLeftToShow({ ...view, tabLeft: 150, tabWidth: 100 })).toBe(100);
  });

  it('scrolls back to a tab left of the view', () => {
    expect(scrollLeftToShow({ ...view, tabLeft: 40, tabWidth: 100 })).toBe(40);
  });

  it('scrolls just far enough to show a tab right of the view', () => {
    expect(scrollLeftToShow({ ...view, tabLeft: 450, tabWidth: 100 })).toBe(250);
  });

  it('shows the start of a tab wider than the view', () => {
    expect(scrollLeftToShow({ ...view, tabLeft: 500, tabWidth: 400 })).toBe(500);
  });
});
