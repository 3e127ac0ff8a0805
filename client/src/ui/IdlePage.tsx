import { CallHistoryList } from './CallHistoryList';
import { FailedReportList } from './FailedReportList';
import { MissedCallList } from './MissedCallList';
import { StatusHeader } from './StatusHeader';
import type { ConnectionState, FailedReport, HistoryRow, MissedCall, StatusItem } from './types';
import './theme.css';
import './idle.css';

export type Props = {
  connection: ConnectionState;
  statusItems: StatusItem[];
  /** Plain sentences, e.g. "1 call could not be decrypted". */
  notices: string[];
  preparingCount: number;
  failed: FailedReport[];
  missed: MissedCall[];
  history: HistoryRow[];
  onRetry: (eventId: string) => void;
  onIgnore: (eventId: string) => void;
  onAnswerMissed: (eventId: string) => void;
  onAcknowledgeAll: () => void;
  onReplay: (eventId: string) => void;
  onOpenCall: (eventId: string) => void;
  onOpenSettings: () => void;
  onCopy?: (text: string) => Promise<void> | void;
};

/** The calls page between calls: status beside the history on desktop, stacked on a phone. */
export function IdlePage(props: Props) {
  const { notices, preparingCount } = props;
  return (
    <main className="rb-idle">
      <div className="rb-idle-side">
        <StatusHeader
          connection={props.connection}
          statusItems={props.statusItems}
          onOpenSettings={props.onOpenSettings}
        />
        {(notices.length > 0 || preparingCount > 0) && (
          <div aria-live="polite">
            {preparingCount > 0 && (
              <p className="rb-notice rb-notice--info">
                <span className="rb-spinner" aria-hidden="true" />
                Preparing {preparingCount} {preparingCount === 1 ? 'call' : 'calls'}…
              </p>
            )}
            {notices.map((notice) => (
              <p key={notice} className="rb-notice">
                {notice}
              </p>
            ))}
          </div>
        )}
        <FailedReportList failed={props.failed} onRetry={props.onRetry} onIgnore={props.onIgnore} />
        <MissedCallList
          missed={props.missed}
          onAnswer={props.onAnswerMissed}
          onAcknowledgeAll={props.onAcknowledgeAll}
        />
      </div>
      <div className="rb-idle-main">
        <CallHistoryList
          history={props.history}
          onReplay={props.onReplay}
          onOpen={props.onOpenCall}
          onCopy={props.onCopy}
        />
      </div>
    </main>
  );
}
