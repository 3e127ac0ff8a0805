import { type FormEvent, useState } from 'react';
import { useText } from '../../i18n';
import { TalkButton } from '../voice/TalkButton';
import { appendWords, useVoiceField } from '../voice/use-voice-field';
import { VoiceFailureNotice } from '../voice/VoiceFailureNotice';
import './permission.css';

export type Props = {
  /**
   * False for a request not shown whole: no Allow (tapped or spoken), a line says to answer at
   * the computer, and Deny and Deny with words stay.
   */
  allowable?: boolean;
  onAllow: (via: 'tap' | 'voice') => void;
  onDeny: (message: string | undefined, via: 'tap' | 'voice') => void;
  /**
   * What a spoken transcript means (`spokenDecision` with the call's language); given only where
   * the call listens (in the call), not on the ringing screen.
   */
  hear?: (transcript: string) => 'allow' | 'deny' | null;
  /** A recording begins: the call's playback pauses, as for a question. */
  onRecordingStart?: () => void;
};

type Step =
  | { name: 'choose' }
  | { name: 'words' }
  /** "allow" was heard: shown, and allowed only after a tap. */
  | { name: 'confirmAllow'; heard: string }
  | { name: 'notUnderstood'; heard: string }
  /** "allow" was heard for a request that may only be denied here. */
  | { name: 'allowRefused'; heard: string };

/**
 * Allow, Deny, and Deny with words (typed or dictated). Where the call listens, a spoken "deny"
 * denies at once and a spoken "allow" asks for a confirming tap, so a mis-heard word never allows.
 */
export function PermissionActions({ allowable = true, onAllow, onDeny, hear, onRecordingStart }: Props) {
  const t = useText();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [words, setWords] = useState('');
  const listening = useVoiceField((transcript) => {
    if (!hear) return;
    const meaning = hear(transcript);
    if (meaning === 'deny') onDeny(undefined, 'voice');
    else if (meaning === 'allow' && allowable) setStep({ name: 'confirmAllow', heard: transcript });
    else if (meaning === 'allow') setStep({ name: 'allowRefused', heard: transcript });
    else setStep({ name: 'notUnderstood', heard: transcript });
  });
  const dictation = useVoiceField((spoken) => setWords((text) => appendWords(text, spoken)));

  if (step.name === 'words') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      onDeny(words.trim() || undefined, 'tap');
    };
    return (
      <form className="rb-perm-words" onSubmit={submit}>
        <label htmlFor="rb-perm-words-input" className="rb-call-panel-title">
          {t('Words for the agent')}
        </label>
        <textarea
          id="rb-perm-words-input"
          className="rb-input rb-input--call rb-perm-textarea"
          rows={3}
          maxLength={4000}
          value={words}
          placeholder={t('Why not, or what to do instead')}
          onChange={(event) => setWords(event.target.value)}
        />
        {dictation && <TalkButton voice={dictation} label="Dictate" tone="call" block />}
        <VoiceFailureNotice voice={dictation} tone="call" />
        <div className="rb-perm-row">
          <button type="button" className="rb-btn rb-btn--call" onClick={() => setStep({ name: 'choose' })}>
            {t('Cancel')}
          </button>
          <button type="submit" className="rb-btn rb-perm-deny">
            {t('Send deny')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="rb-perm-actions">
      {step.name === 'confirmAllow' && (
        <div className="rb-perm-heard" role="status">
          <p>{t('Heard: “{text}”', { text: step.heard })}</p>
          <div className="rb-perm-row">
            <button type="button" className="rb-btn rb-btn--call" onClick={() => setStep({ name: 'choose' })}>
              {t('Cancel')}
            </button>
            <button type="button" className="rb-btn rb-perm-allow" onClick={() => onAllow('voice')}>
              {t('Confirm allow')}
            </button>
          </div>
        </div>
      )}
      {step.name === 'notUnderstood' && (
        <p className="rb-perm-heard" role="status">
          {allowable
            ? t('Heard: “{text}”. Say “allow” or “deny”, or tap.', { text: step.heard })
            : t('Heard: “{text}”. Say “deny”, or tap.', { text: step.heard })}
        </p>
      )}
      {step.name === 'allowRefused' && (
        <p className="rb-perm-heard" role="status">
          {t('Heard: “{text}”. Allowing is for the computer: this request is too long to show here.', {
            text: step.heard,
          })}
        </p>
      )}
      {!allowable && (
        <p className="rb-perm-incomplete">
          {t('The full request is too long to show here. To allow it, answer at the computer.')}
        </p>
      )}
      {step.name !== 'confirmAllow' && (
        <div className="rb-perm-row">
          <button type="button" className="rb-btn rb-perm-deny" onClick={() => onDeny(undefined, 'tap')}>
            {t('Deny')}
          </button>
          {allowable && (
            <button type="button" className="rb-btn rb-perm-allow" onClick={() => onAllow('tap')}>
              {t('Allow')}
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        className="rb-btn rb-btn--call rb-btn--block"
        onClick={() => setStep({ name: 'words' })}
      >
        {t('Deny with words')}
      </button>
      {hear && listening && (
        <>
          <TalkButton
            voice={listening}
            label={allowable ? 'Say allow or deny' : 'Say deny'}
            tone="call"
            block
            {...(onRecordingStart ? { onRecordingStart } : {})}
          />
          <VoiceFailureNotice voice={listening} tone="call" />
        </>
      )}
    </div>
  );
}
