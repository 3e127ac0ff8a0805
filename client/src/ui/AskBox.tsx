import { type FormEvent, useState } from 'react';
import { useText } from '../i18n';
import { TalkButton } from './voice/TalkButton';
import { useVoiceField } from './voice/use-voice-field';
import { VoiceFailureNotice } from './voice/VoiceFailureNotice';

export type Props = {
  /** Called as the user types; the lead interrupts playback with it. */
  onTyping: () => void;
  onAsk: (text: string) => void;
  /** A spoken question begins: playback pauses, as it does for typing. */
  onRecordingStart?: () => void;
  answering: boolean;
};

/**
 * "Ask a question" field: typing pauses the brief, Enter or Ask sends the question. Talk records it
 * instead; the transcript is asked as typed words are (a continue word resumes the brief).
 */
export function AskBox({ onTyping, onAsk, onRecordingStart, answering }: Props) {
  const t = useText();
  const [text, setText] = useState('');
  const voice = useVoiceField((spoken) => onAsk(spoken));

  function submit(event: FormEvent) {
    event.preventDefault();
    const question = text.trim();
    if (!question) return;
    onAsk(question);
    setText('');
  }

  return (
    <form className="rb-ask" onSubmit={submit}>
      <label htmlFor="rb-ask-input" className="rb-call-panel-title">
        {t('Ask a question')}
      </label>
      <div className="rb-row rb-ask-row">
        <input
          id="rb-ask-input"
          className="rb-input rb-input--call"
          placeholder={answering ? t('Answering…') : t('Type a question, or "continue"')}
          autoComplete="off"
          enterKeyHint="send"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) onTyping();
          }}
        />
        <button type="submit" className="rb-btn rb-btn--primary" disabled={!text.trim()}>
          {t('Ask')}
        </button>
      </div>
      {/* Its own row: a wide target to hold, and room for "Listening…" beside a phone's keyboard. */}
      {voice && (
        <div className="rb-talk-row">
          <TalkButton
            voice={voice}
            label="Talk"
            tone="call"
            block
            onRecordingStart={onRecordingStart ?? onTyping}
          />
        </div>
      )}
      <VoiceFailureNotice voice={voice} tone="call" />
    </form>
  );
}
