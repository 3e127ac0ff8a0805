import { type FormEvent, useState } from 'react';
import { useText } from '../i18n';
import type { Decision } from './types';
import { TalkButton } from './voice/TalkButton';
import { appendWords, useVoiceField } from './voice/use-voice-field';
import { VoiceFailureNotice } from './voice/VoiceFailureNotice';

export type Props = {
  decisions: Decision[];
  onDecide: (index: number, answer: string) => void;
  /** Dictating an answer begins: playback pauses, as typing does. */
  onRecordingStart?: () => void;
};

/** Pending questions from the agent, each answered with Yes, No or the user's own words. */
export function DecisionList({ decisions, onDecide, onRecordingStart }: Props) {
  const t = useText();
  if (decisions.length === 0) return null;
  return (
    <section className="rb-call-panel" aria-labelledby="rb-decisions-title">
      <h2 id="rb-decisions-title" className="rb-call-panel-title">
        {t('Decisions for you')}
      </h2>
      <ol className="rb-list rb-decisions">
        {decisions.map((decision, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: decisions are positional; the index is their id
          <DecisionItem key={index} {...{ index, decision, onDecide, onRecordingStart }} />
        ))}
      </ol>
    </section>
  );
}

type ItemProps = {
  index: number;
  decision: Decision;
  onDecide: Props['onDecide'];
  onRecordingStart: Props['onRecordingStart'];
};

function DecisionItem({ index, decision, onDecide, onRecordingStart }: ItemProps) {
  const t = useText();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  // Dictated words go into the answer box, to be read and sent by the user.
  const voice = useVoiceField((spoken) => setText((current) => appendWords(current, spoken)));
  const answered = decision.answer !== null && !editing;

  function decide(answer: string) {
    setEditing(false);
    setText('');
    onDecide(index, answer);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) decide(text.trim());
  }

  return (
    <li className="rb-decision">
      <fieldset className="rb-decision-set">
        <legend className="rb-decision-q">{decision.question}</legend>
        {answered ? (
          <div className="rb-row">
            <p className="rb-decision-a">
              {t('Your answer:')} <strong>{decision.answer}</strong>
            </p>
            <button
              type="button"
              className="rb-btn rb-btn--small rb-btn--call"
              onClick={() => setEditing(true)}
            >
              {t('Change')}
            </button>
          </div>
        ) : (
          <>
            <div className="rb-row">
              <button
                type="button"
                className="rb-btn rb-btn--small rb-btn--call"
                onClick={() => decide('Yes')}
              >
                {t('Yes')}
              </button>
              <button
                type="button"
                className="rb-btn rb-btn--small rb-btn--call"
                onClick={() => decide('No')}
              >
                {t('No')}
              </button>
            </div>
            <form className="rb-row rb-decision-form" onSubmit={submit}>
              <input
                className="rb-input rb-input--call"
                aria-label={t('Your answer')}
                placeholder={t('Or answer in your own words')}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className="rb-btn rb-btn--small rb-btn--call" disabled={!text.trim()}>
                {t('Send answer')}
              </button>
            </form>
            {voice && (
              <div className="rb-talk-row">
                <TalkButton
                  voice={voice}
                  label="Dictate"
                  tone="call"
                  {...(onRecordingStart ? { onRecordingStart } : {})}
                />
              </div>
            )}
            <VoiceFailureNotice voice={voice} tone="call" />
          </>
        )}
      </fieldset>
    </li>
  );
}
