import { ALL_TAB_ID, type CallGroup, type CallTab, OTHER_GROUP_ID } from '../calls';
import { type Translate, useText } from '../i18n';
import { BriefFailureNotice, type BriefFailureView } from './BriefFailureNotice';
import { CallHistoryList } from './CallHistoryList';
import { FailedReportList } from './FailedReportList';
import { PhoneIcon } from './icons';
import { MissedCallList } from './MissedCallList';
import { StatusHeader } from './StatusHeader';
import { CallTabPanel } from './tracker/CallTabPanel';
import { CallTabs, type TabPointer } from './tracker/CallTabs';
import { GroupedCallHistoryList, GroupedMissedCallList } from './tracker/GroupedCallList';
import type { ConnectionState, FailedReport, HistoryRow, MissedCall, StatusItem } from './types';
import './theme.css';
import './idle.css';

const PANEL_ID = 'rb-calls-panel';

/** The calls page's project tabs; with only All (no tracker projects) the page shows plain lists. */
export type CallTabsView = {
  tabs: CallTab[];
  currentTabId: string;
  onSelectTab: (tabId: string) => void;
  pointer: TabPointer;
  /** For All: both lists grouped by project, Other last. */
  missedGroups: CallGroup<MissedCall>[];
  historyGroups: CallGroup<HistoryRow>[];
};

export type Props = {
  connection: ConnectionState;
  statusItems: StatusItem[];
  /** Plain sentences, e.g. "1 call could not be decrypted". */
  notices: string[];
  preparingCount: number;
  failed: FailedReport[];
  /** The newest call came with no brief: why, and the way to the setting that fixes it. */
  lastBriefFailure?: BriefFailureView;
  /** The current tab's calls (all of them without tabs), in order. */
  missed: MissedCall[];
  history: HistoryRow[];
  calls?: CallTabsView;
  onRetry: (eventId: string) => void;
  onIgnore: (eventId: string) => void;
  onAnswerMissed: (eventId: string) => void;
  /** `eventIds`: a project tab's missed calls; undefined on All (or without tabs) for every one. */
  onAcknowledgeAll: (eventIds?: string[]) => void;
  onReplay: (eventId: string) => void;
  onOpenCall: (eventId: string) => void;
  onOpenSettings: () => void;
  /** The green round phone button: call a Multica agent. */
  onDispatch?: () => void;
  onCopy?: (text: string) => Promise<void> | void;
};

/** The All tab and the Other group in the interface language; projects keep their names. */
function inLanguage(calls: CallTabsView, t: Translate): CallTabsView {
  const group = <T,>(g: CallGroup<T>) => (g.id === OTHER_GROUP_ID ? { ...g, title: t('Other') } : g);
  return {
    ...calls,
    tabs: calls.tabs.map((tab) => (tab.id === ALL_TAB_ID ? { ...tab, label: t('All') } : tab)),
    missedGroups: calls.missedGroups.map(group),
    historyGroups: calls.historyGroups.map(group),
  };
}

/** The calls page between calls: status beside the calls on desktop, stacked on a phone. */
export function IdlePage(props: Props) {
  const t = useText();
  const { notices, preparingCount } = props;
  const calls = props.calls && inLanguage(props.calls, t);
  const tabbed = calls !== undefined && calls.tabs.length > 1;
  const grouped = tabbed && calls.currentTabId === calls.tabs[0]?.id;
  // On a project tab only what that tab lists: the other projects' calls were never in view.
  const acknowledgeAll = () =>
    props.onAcknowledgeAll(tabbed && !grouped ? props.missed.map((call) => call.eventId) : undefined);
  const missed = grouped ? (
    <GroupedMissedCallList
      groups={calls.missedGroups}
      onAnswer={props.onAnswerMissed}
      onAcknowledgeAll={acknowledgeAll}
    />
  ) : (
    <MissedCallList missed={props.missed} onAnswer={props.onAnswerMissed} onAcknowledgeAll={acknowledgeAll} />
  );
  const history = grouped ? (
    <GroupedCallHistoryList
      groups={calls.historyGroups}
      onReplay={props.onReplay}
      onOpen={props.onOpenCall}
      onCopy={props.onCopy}
    />
  ) : (
    <CallHistoryList
      history={props.history}
      onReplay={props.onReplay}
      onOpen={props.onOpenCall}
      onCopy={props.onCopy}
    />
  );
  return (
    <main className="rb-idle">
      <div className="rb-idle-side">
        <StatusHeader
          connection={props.connection}
          statusItems={props.statusItems}
          onOpenSettings={props.onOpenSettings}
        />
        {props.onDispatch && (
          <div className="rb-dispatch-start">
            <button type="button" className="rb-dispatch-start-btn" onClick={props.onDispatch}>
              <PhoneIcon aria-hidden="true" />
              <span className="rb-visually-hidden">{t('Call an agent')}</span>
            </button>
            <span className="rb-dispatch-start-label" aria-hidden="true">
              {t('Call an agent')}
            </span>
          </div>
        )}
        {(notices.length > 0 || preparingCount > 0) && (
          <div aria-live="polite">
            {preparingCount > 0 && (
              <p className="rb-notice rb-notice--info">
                <span className="rb-spinner" aria-hidden="true" />
                {t(preparingCount === 1 ? 'Preparing {count} call…' : 'Preparing {count} calls…', {
                  count: preparingCount,
                })}
              </p>
            )}
            {notices.map((notice) => (
              <p key={notice} className="rb-notice">
                {notice}
              </p>
            ))}
          </div>
        )}
        {props.lastBriefFailure && (
          <BriefFailureNotice
            look="page"
            heading="The last brief could not be written"
            {...props.lastBriefFailure}
          />
        )}
        <FailedReportList failed={props.failed} onRetry={props.onRetry} onIgnore={props.onIgnore} />
        {!tabbed && missed}
      </div>
      <div className="rb-idle-main">
        {tabbed ? (
          <>
            <CallTabs
              tabs={calls.tabs}
              currentTabId={calls.currentTabId}
              onSelect={calls.onSelectTab}
              pointer={calls.pointer}
              panelId={PANEL_ID}
            />
            <CallTabPanel panelId={PANEL_ID} tabs={calls.tabs} currentTabId={calls.currentTabId}>
              {missed}
              {history}
            </CallTabPanel>
          </>
        ) : (
          history
        )}
      </div>
    </main>
  );
}
