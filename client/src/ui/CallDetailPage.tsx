import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { BriefFailureNotice, type BriefFailureView } from './BriefFailureNotice';
import { CopyButton } from './CopyButton';
import { kindLabel } from './segmentLabel';
import { titleSentenceCount } from './segmentText';
import type { ConversationTurn, Decision, Segment, StatusTone } from './types';
import './theme.css';
import './idle.css';
import './detail.css';

export type ReplyRecord = {
  text: string;
  statusLabel: string;
  tone: StatusTone;
  time?: string;
  reason?: string;
};

export type Props = {
  title: string;
  agentLabel: string;
  projectLabel?: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  callTime: string;
  updatedTimeTitle?: string;
  statusLabel: string;
  segments: Segment[];
  conversation: ConversationTurn[];
  decisions: Decision[];
  replies: ReplyRecord[];
  resumeCommand?: string;
  reportText?: string;
  /** The computer wrote no brief for this call: why, and the way to the setting that fixes it. */
  briefFailure?: BriefFailureView;
  onReplay: () => void;
  /** The call was answered here: send (or send again, or retry) a reply to the agent. */
  onReply?: () => void;
  /** The reply action's words: "Reply", or "Retry the reply" when one is waiting. */
  replyLabel?: string;
  onBack: () => void;
  onCopy?: (text: string) => Promise<void> | void;
};

/** One past call: its brief as cards, what was asked and decided, and the replies sent. */
export function CallDetailPage(props: Props) {
  const t = useText();
  return (
    <main className="rb-page rb-detail">
      <BackHeader title={t('Call')} onBack={props.onBack} />
      <section className="rb-card">
        <h2 className="rb-detail-title">{props.title}</h2>
        <p className="rb-row-meta">
          {props.agentLabel}
          {props.projectLabel ? ` · ${props.projectLabel}` : ''} ·{' '}
          <time title={props.updatedTimeTitle}>{props.callTime}</time> ·{' '}
          <span className="rb-pill">{props.statusLabel}</span>
        </p>
        <div className="rb-actions">
          <button type="button" className="rb-btn rb-btn--primary" onClick={props.onReplay}>
            {t('Replay')}
          </button>
          {props.onReply && (
            <button type="button" className="rb-btn" onClick={props.onReply}>
              {props.replyLabel ?? t('Reply')}
            </button>
          )}
        </div>
        {props.resumeCommand && (
          <div className="rb-resume">
            <p className="rb-label">{t('Resume the session')}</p>
            <code className="rb-code rb-resume-cmd">{props.resumeCommand}</code>
            <CopyButton text={props.resumeCommand} onCopy={props.onCopy} />
          </div>
        )}
      </section>

      {props.briefFailure && (
        <BriefFailureNotice look="page" heading="The brief could not be written" {...props.briefFailure} />
      )}

      <section aria-labelledby="rb-detail-brief">
        <h2 id="rb-detail-brief" className="rb-section-title rb-detail-heading">
          {t('Brief')}
        </h2>
        {props.segments.map((segment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          <article key={index} className="rb-card rb-detail-card">
            <p className="rb-detail-kind">{kindLabel(segment.kind, t)}</p>
            {segment.title && <h3 className="rb-detail-card-title">{segment.title}</h3>}
            <p className="rb-detail-text">{segment.sentences.slice(titleSentenceCount(segment)).join(' ')}</p>
          </article>
        ))}
      </section>

      {props.decisions.length > 0 && (
        <section className="rb-card" aria-labelledby="rb-detail-decisions">
          <h2 id="rb-detail-decisions" className="rb-section-title">
            {t('Decisions')}
          </h2>
          <dl className="rb-detail-dl">
            {props.decisions.map((decision) => (
              <div key={decision.question}>
                <dt>{decision.question}</dt>
                <dd>{decision.answer ?? t('Not answered')}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {props.conversation.length > 0 && (
        <section className="rb-card" aria-labelledby="rb-detail-convo">
          <h2 id="rb-detail-convo" className="rb-section-title">
            {t('Conversation')}
          </h2>
          <ul className="rb-list rb-detail-convo">
            {props.conversation.map((turn, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
              <li key={index} className={`rb-detail-turn rb-detail-turn--${turn.role}`}>
                <strong>{turn.role === 'user' ? t('You:') : t('Answer:')}</strong> {turn.text}
              </li>
            ))}
          </ul>
        </section>
      )}

      {props.replies.length > 0 && (
        <section className="rb-card" aria-labelledby="rb-detail-replies">
          <h2 id="rb-detail-replies" className="rb-section-title">
            {t('Replies')}
          </h2>
          <ul className="rb-list rb-rows">
            {props.replies.map((reply, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: replies are append-only
              <li key={index} className="rb-detail-reply">
                <p className="rb-detail-text">{reply.text}</p>
                <p className={`rb-row-meta rb-tone--${reply.tone}`}>
                  {reply.statusLabel}
                  {reply.time ? ` · ${reply.time}` : ''}
                  {reply.reason ? ` — ${reply.reason}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {props.reportText && (
        <details className="rb-card rb-detail-original">
          <summary>{t('Original report')}</summary>
          <pre className="rb-detail-pre">{props.reportText}</pre>
        </details>
      )}
    </main>
  );
}
