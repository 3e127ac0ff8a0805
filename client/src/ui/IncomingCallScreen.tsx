import { useEffect, useRef } from 'react';
import { useText } from '../i18n';
import { HangUpIcon, PhoneIcon } from './icons';
import './theme.css';
import './call.css';

export type Props = {
  /** The agent calling, e.g. "Claude Code". */
  callerName: string;
  /** Project or directory name. */
  subtitle: string;
  /** First line of the brief. */
  preview: string;
  onAnswer: () => void;
  onDecline: () => void;
  /** Other calls waiting behind this one. */
  queueCount: number;
};

/** Full-screen ringing call, like a phone's: caller, preview, Answer and Decline. */
export function IncomingCallScreen({
  callerName,
  subtitle,
  preview,
  onAnswer,
  onDecline,
  queueCount,
}: Props) {
  const t = useText();
  const answerRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land on Answer, so Enter or Space picks up at once.
  useEffect(() => answerRef.current?.focus(), []);

  return (
    <main
      className="rb-call rb-incoming"
      aria-labelledby="rb-incoming-caller"
      aria-describedby="rb-incoming-preview"
    >
      <p className="rb-incoming-label" aria-live="assertive">
        {t('Incoming call')}
      </p>
      <div className="rb-ring" aria-hidden="true">
        <span className="rb-ring-pulse" />
        <span className="rb-ring-pulse rb-ring-pulse--late" />
        <span className="rb-avatar">{initials(callerName)}</span>
      </div>
      <h1 id="rb-incoming-caller" className="rb-caller">
        {callerName}
      </h1>
      <p className="rb-caller-sub">{subtitle}</p>
      <p id="rb-incoming-preview" className="rb-incoming-preview">
        {preview}
      </p>
      {queueCount > 0 && (
        <p className="rb-queue">
          {t(queueCount === 1 ? '{count} more call waiting' : '{count} more calls waiting', {
            count: queueCount,
          })}
        </p>
      )}
      <div className="rb-incoming-actions">
        <div className="rb-round-wrap">
          <button
            type="button"
            className="rb-round rb-round--decline"
            onClick={onDecline}
            aria-label={t('Decline')}
          >
            <HangUpIcon className="rb-icon rb-icon--xl" />
          </button>
          <span aria-hidden="true">{t('Decline')}</span>
        </div>
        <div className="rb-round-wrap">
          <button
            ref={answerRef}
            type="button"
            className="rb-round rb-round--answer"
            onClick={onAnswer}
            aria-label={t('Answer')}
          >
            <PhoneIcon className="rb-icon rb-icon--xl" />
          </button>
          <span aria-hidden="true">{t('Answer')}</span>
        </div>
      </div>
    </main>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters.slice(0, 2) || '?';
}
