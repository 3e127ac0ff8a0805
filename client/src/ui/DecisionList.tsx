import { type FormEvent, useState } from 'react';
import type { Decision } from './types';

export type Props = {
  decisions: Decision[];
  onDecide: (index: number, answer: string) => void;
};

/** Pending questions from the agent, each answered with Yes, No or the user's own words. */
export function DecisionList({ decisions, onDecide }: Props) {
  if (decisions.length === 0) return null;
  return (
    <section className="rb-call-panel" aria-labelledby="rb-decisions-title">
      <h2 id="rb-decisions-title" className="rb-call-panel-title">
        Decisions for you
      </h2>
      <ol className="rb-list rb-decisions">
        {decisions.map((decision, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: decisions are positional; the index is their id
          <DecisionItem key={index} index={index} decision={decision} onDecide={onDecide} />
        ))}
      </ol>
    </section>
  );
}

type ItemProps = { index: number; decision: Decision; onDecide: Props['onDecide'] };

function DecisionItem({ index, decision, onDecide }: ItemProps) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
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
              Your answer: <strong>{decision.answer}</strong>
            </p>
            <button
              type="button"
              className="rb-btn rb-btn--small rb-btn--call"
              onClick={() => setEditing(true)}
            >
              Change
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
                Yes
              </button>
              <button
                type="button"
                className="rb-btn rb-btn--small rb-btn--call"
                onClick={() => decide('No')}
              >
                No
              </button>
            </div>
            <form className="rb-row rb-decision-form" onSubmit={submit}>
              <input
                className="rb-input rb-input--call"
                aria-label="Your answer"
                placeholder="Or answer in your own words"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className="rb-btn rb-btn--small rb-btn--call" disabled={!text.trim()}>
                Send answer
              </button>
            </form>
          </>
        )}
      </fieldset>
    </li>
  );
}
