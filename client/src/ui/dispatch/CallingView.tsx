import { useEffect, useRef } from 'react';
import { type Translate, useText } from '../../i18n';
import { HangUpIcon } from '../icons';
import { initials } from './labels';
import type { DispatchCall } from './types';
import '../theme.css';
import '../call.css';
import './calling.css';

export type Props = {
  call: DispatchCall;
  /** Who is being called (the agent, or the issue for a comment). */
  calleeName: string;
  onCancel: () => void;
  onOpenMyDispatches: () => void;
  onDone: () => void;
  onNewCall: () => void;
  /** The waiting tone's switch while calling (the choice is kept for the next call). */
  waitingTone?: { silent: boolean; onToggle: () => void };
};

/** The calling state, dark like the in-call screen: pulsing while the agent writes the issue. */
export function CallingView({
  call,
  calleeName,
  onCancel,
  onOpenMyDispatches,
  onDone,
  onNewCall,
  waitingTone,
}: Props) {
  const t = useText();
  const calling = call.state === 'calling';
  const heading = useRef<HTMLParagraphElement>(null);
  // When the outcome arrives, focus moves to it so keyboard and screen reader users hear it.
  useEffect(() => {
    if (!calling) heading.current?.focus();
  }, [calling]);

  return (
    <main className="rb-call rb-calling" aria-labelledby="rb-calling-name">
      <div className={`rb-ring${calling ? '' : ' rb-ring--still'}`} aria-hidden="true">
        {calling && <span className="rb-ring-pulse" />}
        {calling && <span className="rb-ring-pulse rb-ring-pulse--late" />}
        <span className={`rb-avatar rb-calling-avatar rb-calling-avatar--${call.state}`}>
          {initials(calleeName)}
        </span>
      </div>
      <h1 id="rb-calling-name" className="rb-caller">
        {calleeName}
      </h1>
      <div className="rb-calling-status" aria-live="polite">
        <p ref={heading} tabIndex={-1} className={`rb-calling-state rb-calling-state--${call.state}`}>
          {stateText(call, t)}
        </p>
        {call.state === 'failed' && call.failureReason && (
          <p className="rb-calling-reason">{call.failureReason}</p>
        )}
      </div>
      {calling ? (
        <div className="rb-calling-actions">
          <div className="rb-round-wrap">
            <button
              type="button"
              className="rb-round rb-round--decline"
              onClick={onCancel}
              aria-label={t('Cancel')}
            >
              <HangUpIcon className="rb-icon rb-icon--xl" />
            </button>
            <span aria-hidden="true">{t('Cancel')}</span>
          </div>
          <div className="rb-calling-more">
            {waitingTone && (
              <button
                type="button"
                className="rb-btn rb-btn--call"
                aria-pressed={waitingTone.silent}
                aria-label={t('Silence the waiting tone')}
                onClick={waitingTone.onToggle}
              >
                {/* The visible word is in the name (label in name); pressed says it is silenced. */}
                {t('Silence')}
              </button>
            )}
            <button type="button" className="rb-btn rb-btn--call" onClick={onOpenMyDispatches}>
              {t('My dispatches')}
            </button>
          </div>
        </div>
      ) : (
        <div className="rb-calling-actions rb-calling-actions--after">
          <button type="button" className="rb-btn rb-btn--primary rb-calling-done" onClick={onDone}>
            {t('Done')}
          </button>
          <button type="button" className="rb-btn rb-btn--call" onClick={onNewCall}>
            {call.state === 'created' ? t('New call') : t('Try again')}
          </button>
          <button type="button" className="rb-btn rb-btn--call" onClick={onOpenMyDispatches}>
            {t('My dispatches')}
          </button>
        </div>
      )}
    </main>
  );
}

function stateText(call: DispatchCall, t: Translate): string {
  switch (call.state) {
    case 'calling':
      return t('Calling…');
    case 'created': {
      const issue = [call.identifier, call.title].filter(Boolean).join(' ');
      return issue ? t('Dispatched: {issue}', { issue }) : t('Dispatched');
    }
    case 'failed':
      return t('The call failed');
    case 'cancelled':
      return t('Cancelled');
  }
}
