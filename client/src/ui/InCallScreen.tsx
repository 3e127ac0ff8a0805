import { useText } from '../i18n';
import { AskBox } from './AskBox';
import { BriefFailureNotice, type BriefFailureView } from './BriefFailureNotice';
import { ConversationView } from './ConversationView';
import { DecisionList } from './DecisionList';
import { formatElapsed } from './formatElapsed';
import { HangUpIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './icons';
import type { CallNotice } from './notices';
import { SegmentView } from './SegmentView';
import type { ConversationTurn, Decision, Segment } from './types';
import './theme.css';
import './call.css';

export type Props = {
  callerName: string;
  subtitle?: string;
  elapsedMs: number;
  segments: Segment[];
  position: { segment: number; sentence: number };
  playing: boolean;
  answering: boolean;
  answerSentences: string[];
  answerSentenceIndex?: number;
  conversation: ConversationTurn[];
  decisions: Decision[];
  notices: CallNotice[];
  reportText: string;
  /** The computer wrote no brief: why, shown above the captions while the report is read. */
  briefFailure?: BriefFailureView;
  /** What the machine allows; when omitted they follow the position. */
  canPrevious?: boolean;
  canNext?: boolean;
  onPause: () => void;
  onResume: () => void;
  onPreviousCard: () => void;
  onNextCard: () => void;
  onSelectSegment?: (index: number) => void;
  onDecide: (index: number, answer: string) => void;
  onTyping: () => void;
  /** A spoken question or answer begins recording: playback pauses. */
  onRecordingStart?: () => void;
  onAsk: (text: string) => void;
  onHangUp: () => void;
};

/** The call in progress: dark like a phone call, captions first, questions and decisions beside. */
export function InCallScreen(props: Props) {
  const t = useText();
  const { segments, position, answering, answerSentences } = props;
  const speakingAnswer = answering && answerSentences.length > 0;
  const caption = speakingAnswer
    ? answerSentences[props.answerSentenceIndex ?? answerSentences.length - 1]
    : segments[position.segment]?.sentences[position.sentence];
  const canPrevious = props.canPrevious ?? position.segment > 0;
  const canNext = props.canNext ?? position.segment < segments.length - 1;

  return (
    <main className="rb-call" aria-label={t('Call with {name}', { name: props.callerName })}>
      <div className="rb-incall">
        <header className="rb-incall-head">
          <div>
            <h1 className="rb-incall-caller">{props.callerName}</h1>
            {props.subtitle && <p className="rb-caller-sub">{props.subtitle}</p>}
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

        {props.briefFailure && (
          <BriefFailureNotice
            look="call"
            heading="No brief for this call"
            hint="You hear the report as the agent wrote it. To fix this, open Settings › Language model after the call."
            text={props.briefFailure.text}
            {...(props.briefFailure.values ? { values: props.briefFailure.values } : {})}
          />
        )}

        <div className="rb-incall-grid">
          <div className="rb-incall-left">
            <p className="rb-caption" aria-live="polite">
              {caption ?? (props.playing ? '' : t('Paused'))}
            </p>
            <SegmentView segments={segments} position={position} onSelectSegment={props.onSelectSegment} />
            <div className="rb-controls" role="toolbar" aria-label={t('Call controls')}>
              <button
                type="button"
                className="rb-ctl"
                onClick={props.onPreviousCard}
                disabled={!canPrevious}
                aria-label={t('Previous card')}
              >
                <PreviousIcon />
              </button>
              {props.playing ? (
                <button type="button" className="rb-ctl" onClick={props.onPause} aria-label={t('Pause')}>
                  <PauseIcon />
                </button>
              ) : (
                <button type="button" className="rb-ctl" onClick={props.onResume} aria-label={t('Resume')}>
                  <PlayIcon />
                </button>
              )}
              <button
                type="button"
                className="rb-ctl"
                onClick={props.onNextCard}
                disabled={!canNext}
                aria-label={t('Next card')}
              >
                <NextIcon />
              </button>
              <button
                type="button"
                className="rb-ctl rb-ctl--hangup"
                onClick={props.onHangUp}
                aria-label={t('Hang up')}
              >
                <HangUpIcon className="rb-icon rb-icon--lg" />
              </button>
            </div>
          </div>

          <div className="rb-incall-right">
            <DecisionList
              decisions={props.decisions}
              onDecide={props.onDecide}
              onRecordingStart={props.onRecordingStart ?? props.onTyping}
            />
            <section className="rb-call-panel">
              <AskBox
                onTyping={props.onTyping}
                onAsk={props.onAsk}
                answering={answering}
                {...(props.onRecordingStart ? { onRecordingStart: props.onRecordingStart } : {})}
              />
            </section>
            <ConversationView
              conversation={props.conversation}
              answering={answering}
              answerSentences={answerSentences}
              answerSentenceIndex={props.answerSentenceIndex}
            />
            <details className="rb-call-panel rb-original">
              <summary>{t('Original report')}</summary>
              <pre className="rb-original-text">{props.reportText}</pre>
            </details>
          </div>
        </div>
      </div>
    </main>
  );
}
