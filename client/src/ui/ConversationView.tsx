import { useText } from '../i18n';
import type { ConversationTurn } from './types';

export type Props = {
  conversation: ConversationTurn[];
  answering: boolean;
  /** The answer streaming in, split into sentences as they are spoken. */
  answerSentences: string[];
  /** Which answer sentence is being spoken; defaults to the last. */
  answerSentenceIndex?: number;
};

/** Questions and answers of this call, with the streaming answer's spoken sentence highlighted. */
export function ConversationView({ conversation, answering, answerSentences, answerSentenceIndex }: Props) {
  const t = useText();
  if (conversation.length === 0 && !answering) return null;
  const speaking = answerSentenceIndex ?? answerSentences.length - 1;
  return (
    <section className="rb-call-panel" aria-labelledby="rb-convo-title">
      <h2 id="rb-convo-title" className="rb-call-panel-title">
        {t('Conversation')}
      </h2>
      <ul className="rb-list rb-convo">
        {conversation.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
          <li key={index} className={`rb-bubble rb-bubble--${turn.role}`}>
            <span className="rb-visually-hidden">{turn.role === 'user' ? t('You: ') : t('Answer: ')}</span>
            {turn.text}
          </li>
        ))}
        {answering && (
          <li className="rb-bubble rb-bubble--assistant" aria-live="polite" aria-busy="true">
            <span className="rb-visually-hidden">{t('Answer: ')}</span>
            {answerSentences.length === 0 ? (
              <span className="rb-thinking">{t('Thinking…')}</span>
            ) : (
              answerSentences.map((sentence, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: sentences are append-only
                  key={index}
                  className={index === speaking ? 'rb-sentence rb-sentence--current' : 'rb-sentence'}
                  aria-current={index === speaking ? 'true' : undefined}
                >
                  {sentence}{' '}
                </span>
              ))
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
