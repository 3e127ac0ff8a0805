import type { ReactNode } from 'react';
import type { CallTab } from '../../calls/call-tabs';
import { callTabDomId } from './CallTabs';

export type Props = {
  /** The same id given to CallTabs. */
  panelId: string;
  tabs: CallTab[];
  currentTabId: string;
  className?: string;
  children: ReactNode;
};

/** The region the project tabs control, labelled by the current tab. */
export function CallTabPanel({ panelId, tabs, currentTabId, className, children }: Props) {
  const index = tabs.findIndex((tab) => tab.id === currentTabId);
  return (
    <div
      role="tabpanel"
      id={panelId}
      className={className}
      aria-labelledby={index >= 0 ? callTabDomId(panelId, index) : undefined}
    >
      {children}
    </div>
  );
}
