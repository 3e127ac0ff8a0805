import { type FormEvent, useState } from 'react';

export type Props = {
  /** Called as the user types; the lead interrupts playback with it. */
  onTyping: () => void;
  onAsk: (text: string) => void;
  answering: boolean;
};

/** "Ask a question" field: typing pauses the brief, Enter or Ask sends the question. */
export function AskBox({ onTyping, onAsk, answering }: Props) {
  const [text, setText] = useState('');

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
        Ask a question
      </label>
      <div className="rb-row rb-ask-row">
        <input
          id="rb-ask-input"
          className="rb-input rb-input--call"
          placeholder={answering ? 'Answering…' : 'Type a question, or "continue"'}
          autoComplete="off"
          enterKeyHint="send"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) onTyping();
          }}
        />
        <button type="submit" className="rb-btn rb-btn--primary" disabled={!text.trim()}>
          Ask
        </button>
      </div>
    </form>
  );
}
