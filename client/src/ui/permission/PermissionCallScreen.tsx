import { useText } from '../../i18n';
import { formatElapsed } from '../formatElapsed';
import { HangUpIcon } from '../icons';
import type { CallNotice } from '../notices';
import { PermissionActions } from './PermissionActions';
import { PermissionRequestCard, type PermissionRequestView } from './PermissionRequestCard';
import '../theme.css';
import '../call.css';
import './permission.css';

export type Props = {
  callerName: string;
  request: PermissionRequestView;
  elapsedMs: number;
  /** The line being spoken. */
  caption: string | null;
  notices: CallNotice[];
  hear: (transcript: string) => 'allow' | 'deny' | null;
  onAllow: (via: 'tap' | 'voice') => void;
  onDeny: (message: string | undefined, via: 'tap' | 'voice') => void;
  onRecordingStart: () => void;
  /** Leaves without deciding: the agent goes on waiting, then asks at the computer. */
  onHangUp: () => void;
};

/** In a permission call: the request read aloud and shown in full; decide by tap or by voice. */
export function PermissionCallScreen(props: Props) {
  const t = useText();
  return (
    <main className="rb-call" aria-label={t('Call with {name}', { name: props.callerName })}>
      <div className="rb-perm-screen">
        <header className="rb-perm-screen-head">
          <div>
            <p className="rb-perm-kicker">{t('Permission request')}</p>
            <p className="rb-perm-caller">{props.callerName}</p>
          </div>
          <p className="rb-timer">
            <span className="rb-visually-hidden">{t('Call time')} </span>
            <time>{formatElapsed(props.elapsedMs)}</time>
          </p>
        </header>
        {props.notices.length > 0 && (
          <div className="rb-call-notices" role="status">
            {props.notices.map((notice) => {
              const text = typeof notice === 'string' ? t(notice) : t(notice.text, notice.values);
              return (
                <p key={text} className="rb-call-notice">
                  {text}
                </p>
              );
            })}
          </div>
        )}
        <p className="rb-caption rb-perm-caption" aria-live="polite">
          {props.caption ?? ''}
        </p>
        <PermissionRequestCard request={props.request} headingLevel={1} />
        <PermissionActions
          allowable={props.request.complete}
          onAllow={props.onAllow}
          onDeny={props.onDeny}
          hear={props.hear}
          onRecordingStart={props.onRecordingStart}
        />
        <button
          type="button"
          className="rb-ctl rb-ctl--hangup rb-perm-listen"
          onClick={props.onHangUp}
          aria-label={t('Hang up')}
        >
          <HangUpIcon className="rb-icon rb-icon--lg" />
        </button>
      </div>
    </main>
  );
}
