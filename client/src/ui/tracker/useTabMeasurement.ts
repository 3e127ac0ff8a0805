import { useLayoutEffect, useRef, useState } from 'react';

/** Widths in CSS pixels, each including the gap after it, in row order. */
export type TabMeasurement = { available: number; tabWidths: number[]; moreWidth: number };

const same = (a: TabMeasurement | null, b: TabMeasurement) =>
  a !== null &&
  a.available === b.available &&
  a.moreWidth === b.moreWidth &&
  a.tabWidths.length === b.tabWidths.length &&
  a.tabWidths.every((width, i) => width === b.tabWidths[i]);

/**
 * Measures the row and an invisible copy of every tab (the last child of the copy is More), again
 * whenever either changes size (window, fonts, labels). Tabs moved into More are no longer in the
 * row, so only the copy can tell whether they would fit again.
 */
export function useTabMeasurement(enabled: boolean, labelsKey: string) {
  const containerRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<TabMeasurement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: labelsKey re-measures when the tabs change
  useLayoutEffect(() => {
    const container = containerRef.current;
    const layer = measureRef.current;
    if (!enabled || !container || !layer) return;
    const read = () => {
      const gap = Number.parseFloat(getComputedStyle(layer).columnGap) || 0;
      const widths = [...layer.children].map((child) => child.getBoundingClientRect().width + gap);
      const moreWidth = widths.pop() ?? 0;
      const next = { available: container.clientWidth, tabWidths: widths, moreWidth };
      setMeasured((previous) => (same(previous, next) ? previous : next));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(container);
    observer.observe(layer);
    return () => observer.disconnect();
  }, [enabled, labelsKey]);

  return { containerRef, measureRef, measured };
}
