import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { ALL_TAB_ID, type CallTab } from '../../calls/call-tabs';
import { fitTabs, scrollLeftToShow } from '../../calls/tab-overflow';
import { useText } from '../../i18n';
import { MoreTabsMenu } from './MoreTabsMenu';
import { TabContent, tabName } from './TabContent';
import { type TabMeasurement, useTabMeasurement } from './useTabMeasurement';
import '../theme.css';
import '../idle.css';
import './callTabs.css';

/** `coarse` for touch, `fine` for a mouse: the parent decides with `matchMedia('(pointer: coarse)')`. */
export type TabPointer = 'coarse' | 'fine';

export type Props = {
  /** From `callTabs` / `arrangeCalls`: All first, then the projects. */
  tabs: CallTab[];
  currentTabId: string;
  onSelect: (tabId: string) => void;
  pointer: TabPointer;
  /** id of the tab panel (see CallTabPanel) the tabs control. */
  panelId: string;
  /** The tab list's accessible name. */
  label?: string;
  /** Sizes to fit by instead of measuring the page (tests, or a parent that already knows them). */
  measurement?: TabMeasurement;
};

/** The DOM id of the tab at `index` of `tabs`, for the panel's aria-labelledby. */
export function callTabDomId(panelId: string, index: number): string {
  return `${panelId}-tab-${index}`;
}

/**
 * The calls page's project tabs in one row. Touch: the row scrolls sideways and follows the
 * current tab. Mouse: tabs that do not fit move into More at the row end; All and the current
 * tab always stay. Arrow keys, Home and End move between the tabs in the row.
 */
export function CallTabs(props: Props) {
  const t = useText();
  const { tabs, currentTabId, onSelect, pointer, panelId, label: givenLabel, measurement } = props;
  const label = givenLabel ?? t('Projects');
  const touch = pointer === 'coarse';
  const labelsKey = tabs.map((tab) => `${tab.label}\u0000${tab.missedCount}`).join('\u0001');
  const { containerRef, measureRef, measured } = useTabMeasurement(!touch && !measurement, labelsKey);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const rowRef = useRef<HTMLDivElement>(null);
  const focusAfterSelect = useRef<string | null>(null);

  const ids = tabs.map((tab) => tab.id);
  const sizes = measurement ?? measured;
  const fit =
    touch || !sizes || sizes.tabWidths.length !== tabs.length
      ? { visible: ids, hidden: [] as string[] }
      : fitTabs({
          ids,
          widths: sizes.tabWidths,
          available: sizes.available,
          moreWidth: sizes.moreWidth,
          keepIds: [ALL_TAB_ID, currentTabId],
        });
  const visible = tabs.filter((tab) => fit.visible.includes(tab.id));
  const hidden = tabs.filter((tab) => fit.hidden.includes(tab.id));
  // Keep one tab reachable by Tab even if the current id is stale.
  const focusableId = visible.some((tab) => tab.id === currentTabId) ? currentTabId : visible[0]?.id;

  // A tab chosen in More is only in the row after the parent re-renders with it current.
  useEffect(() => {
    if (focusAfterSelect.current !== currentTabId) return;
    focusAfterSelect.current = null;
    tabRefs.current.get(currentTabId)?.focus();
  }, [currentTabId]);

  useLayoutEffect(() => {
    const row = rowRef.current;
    const tab = tabRefs.current.get(currentTabId);
    if (!touch || !row || !tab) return;
    const next = scrollLeftToShow({
      scrollLeft: row.scrollLeft,
      clientWidth: row.clientWidth,
      tabLeft: tab.offsetLeft,
      tabWidth: tab.offsetWidth,
    });
    if (next !== row.scrollLeft) row.scrollLeft = next;
  }, [touch, currentTabId]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const order = visible.map((tab) => tab.id);
    const focused = order.findIndex((tabId) => tabRefs.current.get(tabId) === document.activeElement);
    const at = focused >= 0 ? focused : order.indexOf(currentTabId);
    const targets: Record<string, number> = {
      ArrowRight: (at + 1) % order.length,
      ArrowLeft: (at - 1 + order.length) % order.length,
      Home: 0,
      End: order.length - 1,
    };
    const target = targets[event.key];
    const tabId = target === undefined ? undefined : order[target];
    if (tabId === undefined) return;
    event.preventDefault();
    tabRefs.current.get(tabId)?.focus();
    if (tabId !== currentTabId) onSelect(tabId);
  }

  return (
    <div ref={containerRef} className={`rb-tabs ${touch ? 'rb-tabs--touch' : 'rb-tabs--mouse'}`}>
      <div ref={rowRef} role="tablist" aria-label={label} className="rb-tabs-row" onKeyDown={onKeyDown}>
        {visible.map((tab) => {
          const selected = tab.id === currentTabId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={callTabDomId(panelId, ids.indexOf(tab.id))}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={tab.id === focusableId ? 0 : -1}
              className={selected ? 'rb-tab rb-tab--current' : 'rb-tab'}
              title={tab.label}
              aria-label={tabName(tab, t)}
              onClick={() => !selected && onSelect(tab.id)}
            >
              <TabContent tab={tab} />
            </button>
          );
        })}
      </div>
      {hidden.length > 0 && (
        <MoreTabsMenu
          tabs={hidden}
          onSelect={(tabId) => {
            focusAfterSelect.current = tabId;
            onSelect(tabId);
          }}
        />
      )}
      {!touch && !measurement && (
        <div className="rb-tabs-measure" aria-hidden="true">
          <div ref={measureRef} className="rb-tabs-measure-row">
            {tabs.map((tab) => (
              <span key={tab.id} className="rb-tab">
                <TabContent tab={tab} />
              </span>
            ))}
            {/* Room for More with a two-digit count, so adding it never pushes a tab out again. */}
            <span className="rb-btn rb-btn--small rb-btn--ghost rb-more-btn">
              {t('More')} <span className="rb-count">99</span>
              <svg className="rb-more-caret" viewBox="0 0 24 24" />
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
