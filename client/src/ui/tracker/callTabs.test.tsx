// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallTab } from '../../calls/call-tabs';
import { CallTabPanel } from './CallTabPanel';
import { CallTabs, type TabPointer } from './CallTabs';
import type { TabMeasurement } from './useTabMeasurement';

afterEach(cleanup);

const TABS: CallTab[] = [
  { id: 'all', label: 'All', missedCount: 5 },
  { id: 'p-api', label: 'API', missedCount: 0 },
  { id: 'p-docs', label: 'Docs', missedCount: 1 },
  { id: 'p-mobile', label: 'Mobile', missedCount: 2 },
  { id: 'p-web', label: 'Web', missedCount: 2 },
];

// 50 + 4 × 100 = 450; with 400 available and More 80 wide, All + two projects fit.
const NARROW: TabMeasurement = { available: 400, tabWidths: [50, 100, 100, 100, 100], moreWidth: 80 };
const WIDE: TabMeasurement = { ...NARROW, available: 1000 };

/** A parent that owns the current tab, as the calls page does. */
function Harness(props: {
  pointer: TabPointer;
  measurement?: TabMeasurement;
  onSelect?: (id: string) => void;
}) {
  const [current, setCurrent] = useState('all');
  return (
    <>
      <CallTabs
        tabs={TABS}
        currentTabId={current}
        onSelect={(id) => {
          props.onSelect?.(id);
          setCurrent(id);
        }}
        pointer={props.pointer}
        panelId="calls-panel"
        measurement={props.measurement}
      />
      <CallTabPanel panelId="calls-panel" tabs={TABS} currentTabId={current}>
        <p>Rows of {current}</p>
      </CallTabPanel>
    </>
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selected = () => screen.getByRole('tab', { selected: true });

describe('CallTabs with a mouse', () => {
  it('shows every tab in one tablist when they fit, with no More menu', () => {
    render(<Harness pointer="fine" measurement={WIDE} />);
    expect(screen.getByRole('tablist', { name: 'Projects' })).toBeTruthy();
    expect(tabNames()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
  });

  it('moves tabs that do not fit into More, whose red count sums their missed calls', () => {
    render(<Harness pointer="fine" measurement={NARROW} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.title)).toEqual(['All', 'API', 'Docs']);
    const more = screen.getByRole('button', { name: 'More, 4 missed' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.querySelector('.rb-count')?.textContent).toBe('4');
  });

  it('shows no count on More when its tabs hold no missed calls', () => {
    const quiet = TABS.map((tab) => ({ ...tab, missedCount: 0 }));
    render(
      <CallTabs
        tabs={quiet}
        currentTabId="all"
        onSelect={vi.fn()}
        pointer="fine"
        panelId="p"
        measurement={NARROW}
      />,
    );
    expect(screen.getByRole('button', { name: 'More' }).querySelector('.rb-count')).toBeNull();
  });

  it('opens More as a menu, picks a hidden tab and keeps it in the row as the current tab', async () => {
    const onSelect = vi.fn();
    render(<Harness pointer="fine" measurement={NARROW} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    const menu = screen.getByRole('menu', { name: 'More projects' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Mobile, 2 missed',
      'Web, 2 missed',
    ]);
    expect(document.activeElement).toBe(items[0]);

    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: /Web/ }));
    });
    expect(onSelect).toHaveBeenCalledWith('p-web');
    expect(screen.queryByRole('menu')).toBeNull();
    // The current tab stays in the row: All and Web are kept, API fills the rest, Docs moves out.
    expect(screen.getAllByRole('tab').map((tab) => tab.title)).toEqual(['All', 'API', 'Web']);
    expect(selected().title).toBe('Web');
    expect(document.activeElement).toBe(selected());
    expect(screen.getByRole('button', { name: 'More, 3 missed' })).toBeTruthy();
  });

  it('moves through the menu with arrows and closes it with Escape back on More', () => {
    render(<Harness pointer="fine" measurement={NARROW} />);
    const more = screen.getByRole('button', { name: /More/ });
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    const [mobile, web] = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(mobile);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(web);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(mobile);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(web);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('closes the menu on a press outside it', () => {
    render(<Harness pointer="fine" measurement={NARROW} />);
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('CallTabs keyboard and ARIA', () => {
  it('marks the current tab selected, the only one in the Tab order, and labels the panel with it', () => {
    render(<Harness pointer="fine" measurement={WIDE} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1']);
    expect(tabs[0]?.getAttribute('aria-controls')).toBe('calls-panel');
    expect(screen.getByRole('tabpanel', { name: 'All, 5 missed' }).textContent).toBe('Rows of all');
    expect(screen.getByRole('tab', { name: 'Mobile, 2 missed' })).toBeTruthy();
  });

  it('moves and selects with the arrow keys, wrapping, and with Home and End', () => {
    render(<Harness pointer="fine" measurement={WIDE} />);
    const list = screen.getByRole('tablist');
    selected().focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected().title).toBe('API');
    expect(document.activeElement).toBe(selected());
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of p-api');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected().title).toBe('Web');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected().title).toBe('All');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected().title).toBe('Web');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected().title).toBe('All');
    expect(selected().getAttribute('tabindex')).toBe('0');
  });

  it('moves only among the tabs in the row when some are in More', () => {
    render(<Harness pointer="fine" measurement={NARROW} />);
    const list = screen.getByRole('tablist');
    selected().focus();
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected().title).toBe('Docs');
  });

  it('selects a tab by click and ignores a click on the current one', () => {
    const onSelect = vi.fn();
    render(<Harness pointer="fine" measurement={WIDE} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('tab', { name: /All/ }));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: /Docs/ }));
    expect(onSelect).toHaveBeenCalledWith('p-docs');
  });

  it('keeps a tab in the Tab order when the current id is stale', () => {
    render(
      <CallTabs
        tabs={TABS}
        currentTabId="gone"
        onSelect={vi.fn()}
        pointer="fine"
        panelId="p"
        measurement={WIDE}
      />,
    );
    expect(screen.getAllByRole('tab')[0]?.getAttribute('tabindex')).toBe('0');
  });
});

describe('CallTabs on touch', () => {
  it('renders every tab in one sideways-scrolling row and never a More menu', () => {
    const { container } = render(<Harness pointer="coarse" measurement={NARROW} />);
    expect(tabNames()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
    expect(container.querySelector('.rb-tabs--touch > [role="tablist"]')).toBeTruthy();
  });

  it('scrolls the row to bring the current tab into view', () => {
    const { rerender } = render(
      <CallTabs tabs={TABS} currentTabId="all" onSelect={vi.fn()} pointer="coarse" panelId="p" />,
    );
    const row = screen.getByRole('tablist');
    const web = screen.getByRole('tab', { name: /Web/ });
    // happy-dom does no layout: give the row and the tab the sizes a phone would.
    Object.defineProperty(row, 'clientWidth', { configurable: true, value: 300 });
    Object.defineProperty(web, 'offsetLeft', { configurable: true, value: 450 });
    Object.defineProperty(web, 'offsetWidth', { configurable: true, value: 100 });
    rerender(<CallTabs tabs={TABS} currentTabId="p-web" onSelect={vi.fn()} pointer="coarse" panelId="p" />);
    expect(row.scrollLeft).toBe(250);
  });
});
