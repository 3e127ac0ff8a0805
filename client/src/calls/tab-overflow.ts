/**
 * Which tabs fit in one row with a mouse, and which move into the More menu at the row end
 * (client spec "Calls page"). Pure: the component measures, this decides.
 */

export type TabFitInput = {
  /** Tab ids in row order. */
  ids: readonly string[];
  /** Each tab's width including the gap after it, in row order. */
  widths: readonly number[];
  /** The row's inner width. */
  available: number;
  /** The More button's width including its gap. */
  moreWidth: number;
  /** Always stay in the row: the current tab (spec), and All so the row keeps its home. */
  keepIds: readonly string[];
};

export type TabFit = { visible: string[]; hidden: string[] };

/**
 * Keeps tabs in order until the next one would not fit beside More; the rest go to More. The
 * kept tabs' room is reserved first so they are never hidden. Once one tab is moved out the later
 * ones follow, so the row never skips a tab and then shows a later one (besides the kept ones).
 */
export function fitTabs({ ids, widths, available, moreWidth, keepIds }: TabFitInput): TabFit {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available || ids.length <= 1) return { visible: [...ids], hidden: [] };
  const widthOf = (id: string) => widths[ids.indexOf(id)] ?? 0;
  const budget = available - moreWidth;
  const kept = new Set(keepIds.filter((id) => ids.includes(id)));
  let used = [...kept].reduce((sum, id) => sum + widthOf(id), 0);
  let full = false;
  for (const id of ids) {
    if (kept.has(id)) continue;
    const width = widthOf(id);
    if (!full && used + width <= budget) {
      kept.add(id);
      used += width;
    } else {
      full = true;
    }
  }
  return {
    visible: ids.filter((id) => kept.has(id)),
    hidden: ids.filter((id) => !kept.has(id)),
  };
}

/**
 * The scroll position that brings a tab fully into a sideways-scrolling row (touch), moving as
 * little as possible; the current position when it is already in view.
 */
export function scrollLeftToShow(view: {
  scrollLeft: number;
  clientWidth: number;
  tabLeft: number;
  tabWidth: number;
}): number {
  const { scrollLeft, clientWidth, tabLeft, tabWidth } = view;
  if (tabLeft < scrollLeft) return Math.max(0, tabLeft);
  const tabRight = tabLeft + tabWidth;
  if (tabRight > scrollLeft + clientWidth) return Math.max(0, Math.min(tabLeft, tabRight - clientWidth));
  return scrollLeft;
}
