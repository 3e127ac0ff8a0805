import { useId, useRef, useState } from 'react';
import { useText } from '../i18n';
import { TalkButton } from './voice/TalkButton';
import { appendWords, useVoiceField } from './voice/use-voice-field';
import { VoiceFailureNotice } from './voice/VoiceFailureNotice';
import './theme.css';
import './reply.css';

export type DeliveryState = 'idle' | 'sending' | 'queued' | 'dispatched' | 'delivered' | 'failed';
/** `retryable: false`: a failure sending again cannot mend (another device has the call). */
export type Delivery = { state: DeliveryState; reason?: string; retryable?: boolean };

export type Props = {
  /** Built by the lead from the user's words and decisions; the user may edit it. */
  defaultText: string;
  onSend: (text: string) => void;
  /** The words as they are edited (kept, so a reload brings them back). */
  onDraftChange?: (text: string) => void;
  onSkip: () => void;
  delivery: Delivery;
  onDone: () => void;
  callerName?: string;
  /** Said at the top in words, e.g. that another device has the call now. */
  notice?: string;
};

const STEPS: { state: DeliveryState; label: string }[] = [
  { state: 'queued', label: 'Queued on the relay' },
  { state: 'dispatched', label: 'Sent to your computer' },
  { state: 'delivered', label: 'Delivered to the agent' },
];
const ORDER: DeliveryState[] = ['idle', 'sending', 'queued', 'dispatched', 'delivered'];

/** After hang-up: edit and send the reply to the agent, then follow its delivery live. */
export function ReplyPanel({
  defaultText,
  onSend,
  onDraftChange,
  onSkip,
  delivery,
  onDone,
  callerName,
  notice,
}: Props) {
  const t = useText();
  const [text, setText] = useState(defaultText);
  const id = useId();
  const { state } = delivery;
  const editing = state === 'idle' || state === 'sending';
  const reached = ORDER.indexOf(state);
  const edit = (next: string) => {
    setText(next);
    onDraftChange?.(next);
  };
  const textRef = useRef(text);
  textRef.current = text;
  // Dictated words join the reply for the user to read and edit; they are never sent by themselves.
  const voice = useVoiceField((spoken) => edit(appendWords(textRef.current, spoken)));

  return (
    <main className="rb-page rb-reply">
      <h1 className="rb-reply-title">
        {callerName ? t('Reply to {name}', { name: callerName }) : t('Reply')}
      </h1>
      <p className="rb-hint">{t('The agent continues its session with this message.')}</p>
      {notice && (
        <p className="rb-notice" role="status">
          {notice}
        </p>
      )}

      <div className="rb-card">
        <label htmlFor={`${id}-text`} className="rb-label">
          {t('Your reply')}
        </label>
        <textarea
          id={`${id}-text`}
          className="rb-textarea rb-reply-text"
          value={text}
          onChange={(e) => edit(e.target.value)}
          readOnly={!editing || state === 'sending'}
          rows={6}
        />
        {editing && (
          <div className="rb-actions">
            <button
              type="button"
              className="rb-btn rb-btn--primary"
              onClick={() => onSend(text.trim())}
              disabled={state === 'sending' || !text.trim()}
            >
              {state === 'sending' ? t('Sending…') : t('Send reply')}
            </button>
            {/* Usable while sending: a send that hangs must never keep the user on this page. */}
            <button type="button" className="rb-btn" onClick={onSkip}>
              {state === 'sending' ? t('Stop waiting') : t("Don't reply")}
            </button>
            {voice && state === 'idle' && <TalkButton voice={voice} label="Dictate" />}
          </div>
        )}
        {editing && <VoiceFailureNotice voice={voice} />}
      </div>

      {!editing && (
        <section className="rb-card" aria-labelledby={`${id}-delivery`}>
          <h2 id={`${id}-delivery`} className="rb-section-title">
            {t('Delivery')}
          </h2>
          {state === 'failed' ? (
            <div role="alert">
              <p className="rb-error rb-reply-failed">
                {t('Not delivered: {reason}', {
                  reason: delivery.reason ?? t('the reply could not be delivered.'),
                })}
              </p>
              <div className="rb-actions">
                {delivery.retryable !== false && (
                  <button
                    type="button"
                    className="rb-btn rb-btn--primary"
                    onClick={() => onSend(text.trim())}
                  >
                    {t('Retry')}
                  </button>
                )}
                <button type="button" className="rb-btn" onClick={onDone}>
                  {t('Done')}
                </button>
              </div>
            </div>
          ) : (
            <>
              <ol className="rb-list rb-steps" aria-live="polite">
                {STEPS.map((step) => {
                  const done = ORDER.indexOf(step.state) <= reached;
                  return (
                    <li
                      key={step.state}
                      className={done ? 'rb-step rb-step--done' : 'rb-step'}
                      aria-current={step.state === state ? 'step' : undefined}
                    >
                      <span className="rb-step-mark" aria-hidden="true">
                        {done ? '✓' : ''}
                      </span>
                      {t(step.label)}
                      <span className="rb-visually-hidden">{done ? t(' (done)') : t(' (waiting)')}</span>
                    </li>
                  );
                })}
              </ol>
              <div className="rb-actions">
                <button
                  type="button"
                  className={state === 'delivered' ? 'rb-btn rb-btn--primary' : 'rb-btn'}
                  onClick={onDone}
                >
                  {t('Done')}
                </button>
              </div>
            </>
          )}
        </section>
      )}
    </main>
  );
}
