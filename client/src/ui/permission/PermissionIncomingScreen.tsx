import { useText } from '../../i18n';
import { PhoneIcon } from '../icons';
import { PermissionActions } from './PermissionActions';
import { PermissionRequestCard, type PermissionRequestView } from './PermissionRequestCard';
import '../theme.css';
import '../call.css';
import './permission.css';

export type Props = {
  callerName: string;
  request: PermissionRequestView;
  /** When the agent stops waiting, as the user reads a time. */
  waitsUntil: string;
  queueCount: number;
  onAllow: () => void;
  onDeny: (message: string | undefined) => void;
  /** Picks up, to hear the request and answer by voice. */
  onListen: () => void;
};

/** A permission call ringing: what the agent asks, in full, and the decision right here. */
export function PermissionIncomingScreen(props: Props) {
  const t = useText();
  return (
    <main className="rb-call" aria-labelledby="rb-perm-caller">
      <div className="rb-perm-screen">
        <header className="rb-perm-screen-head">
          <div>
            <p className="rb-perm-kicker" aria-live="assertive">
              {t('Permission request')}
            </p>
            <p id="rb-perm-caller" className="rb-perm-caller">
              {props.callerName}
            </p>
          </div>
          <div className="rb-ring rb-ring--small" aria-hidden="true">
            <span className="rb-ring-pulse" />
            <span className="rb-avatar rb-avatar--alert">!</span>
          </div>
        </header>
        <PermissionRequestCard request={props.request} headingLevel={1} />
        <p className="rb-caller-sub">{t('The agent waits until {time}', { time: props.waitsUntil })}</p>
        <PermissionActions
          allowable={props.request.complete}
          onAllow={() => props.onAllow()}
          onDeny={(message) => props.onDeny(message)}
        />
        <button type="button" className="rb-btn rb-btn--call rb-perm-listen" onClick={props.onListen}>
          <PhoneIcon className="rb-icon" />
          <span>{t('Listen to the request')}</span>
        </button>
        {props.queueCount > 0 && (
          <p className="rb-queue">
            {t(props.queueCount === 1 ? '{count} more call waiting' : '{count} more calls waiting', {
              count: props.queueCount,
            })}
          </p>
        )}
      </div>
    </main>
  );
}
