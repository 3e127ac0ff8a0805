import type { CallTab } from '../../calls/call-tabs';
import type { Translate } from '../../i18n';

/** A tab's accessible name: its label, and its missed calls when it holds some ("Web, 2 missed"). */
export function tabName(tab: CallTab, t?: Translate): string {
  if (tab.missedCount === 0) return tab.label;
  return t
    ? t('{label}, {count} missed', { label: tab.label, count: tab.missedCount })
    : `${tab.label}, ${tab.missedCount} missed`;
}

/** A tab's label and, when it holds missed calls, their red count; pair with `tabName`. */
export function TabContent({ tab }: { tab: CallTab }) {
  return (
    <>
      <span className="rb-tab-label">{tab.label}</span>
      {tab.missedCount > 0 && <span className="rb-count">{tab.missedCount}</span>}
    </>
  );
}
