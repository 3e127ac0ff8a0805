import { type KeyboardEvent, useRef } from 'react';
import { useText } from '../../i18n';
import { TalkButton } from '../voice/TalkButton';
import { appendWords, useVoiceField } from '../voice/use-voice-field';
import { VoiceFailureNotice } from '../voice/VoiceFailureNotice';

/** The tracker's limit on the words of one dispatch. */
export const NEED_MAX_CHARS = 8000;
/** The counter appears from here, so it does not distract a short request. */
const COUNTER_FROM = 7000;

export type Props = {
  value: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter: call when the button is usable. */
  onSubmitShortcut: () => void;
};

/** The big text box for the need, with the 8000-character counter near the limit. */
export function NeedField({ value, onChange, onSubmitShortcut }: Props) {
  const t = useText();
  const length = value.length;
  const over = length > NEED_MAX_CHARS;
  // Dictated words join the need for the user to read and edit; nothing is dispatched by itself.
  const latest = useRef(value);
  latest.current = value;
  const voice = useVoiceField((spoken) => onChange(appendWords(latest.current, spoken)));
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmitShortcut();
    }
  };
  return (
    <div className="rb-field rb-need">
      <label className="rb-label" htmlFor="rb-need">
        {t('What should the agent do?')}
      </label>
      <textarea
        id="rb-need"
        className="rb-textarea rb-need-text"
        value={value}
        aria-describedby="rb-need-hint rb-need-count"
        aria-invalid={over ? 'true' : undefined}
        placeholder={t('Describe the work, or just paste a screenshot')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {voice && (
        <div className="rb-need-voice">
          <TalkButton voice={voice} label="Dictate" />
        </div>
      )}
      <VoiceFailureNotice voice={voice} />
      <div className="rb-need-foot">
        <p id="rb-need-hint" className="rb-hint">
          {t('You can say the priority and the due date here too, like “urgent, by Friday”.')}
        </p>
        <p
          id="rb-need-count"
          className={`rb-need-count${over ? ' rb-need-count--over' : ''}`}
          aria-live={over ? 'polite' : undefined}
        >
          {length >= COUNTER_FROM &&
            `${length.toLocaleString('en-US')} / ${NEED_MAX_CHARS.toLocaleString('en-US')}`}
        </p>
      </div>
    </div>
  );
}
