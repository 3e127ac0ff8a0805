import { useText } from '../../i18n';
import { failureSentence } from '../../voice-input';
import { CommandText } from '../CommandText';
import type { VoiceInputField } from './use-voice-field';
import './voice.css';

export type Props = { voice: VoiceInputField | null; tone?: 'call' | 'page' };

/** Why voice input failed, in a sentence, with Retry when the recording is still held. */
export function VoiceFailureNotice({ voice, tone = 'page' }: Props) {
  const t = useText();
  if (!voice || voice.state.status !== 'failed') return null;
  const { failure, canRetry } = voice.state;
  const sentence = failureSentence(failure);
  return (
    <div className={`rb-voice-failure rb-voice-failure--${tone}`} role="alert">
      <p className="rb-voice-failure-text">
        <CommandText text={t(sentence.text, sentence.values)} />
      </p>
      <div className="rb-row">
        {canRetry && (
          <button type="button" className="rb-btn rb-btn--small" onClick={() => voice.input.retry()}>
            {t('Retry')}
          </button>
        )}
        <button
          type="button"
          className="rb-btn rb-btn--small rb-btn--ghost"
          onClick={() => voice.input.dismiss()}
        >
          {t('Dismiss')}
        </button>
      </div>
    </div>
  );
}
