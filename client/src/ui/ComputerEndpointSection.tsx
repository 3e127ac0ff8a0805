import { type FormEvent, useId, useState } from 'react';
import { useText } from '../i18n';
import { StatusLine } from './StatusLine';
import { useAsyncStatus } from './useAsyncStatus';
import './theme.css';
import './settings.css';

/** What the computer holds for one endpoint; its key only as a hint. */
export type ComputerEndpoint = { baseUrl: string; model: string; voice?: string; keyHint?: string };
/** `apiKey` is empty when the computer keeps its saved key. */
export type ComputerEndpointValues = { baseUrl: string; apiKey: string; model: string; voice?: string };

export type Props = {
  title: string;
  intro: string;
  /** null: nothing set on the computer yet (or it has not answered). */
  saved: ComputerEndpoint | null;
  /** The voice's name on the platform (the voice section has one; speech recognition does not). */
  withVoice?: boolean;
  modelPlaceholder: string;
  onSave: (values: ComputerEndpointValues) => Promise<void>;
};

/**
 * An endpoint the computer holds for every device (its voice, its speech recognition), edited
 * from here and written to the computer sealed through the relay. The key is sent once and then
 * shown only as a hint.
 */
export function ComputerEndpointSection({ title, intro, saved, withVoice, modelPlaceholder, onSave }: Props) {
  const t = useText();
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(saved?.model ?? '');
  const [voice, setVoice] = useState(saved?.voice ?? '');
  const save = useAsyncStatus();
  const complete = baseUrl.trim() !== '' && model.trim() !== '' && (!withVoice || voice.trim() !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run(async () => {
      await onSave({
        baseUrl: baseUrl.trim(),
        apiKey: apiKey.trim(),
        model: model.trim(),
        ...(withVoice ? { voice: voice.trim() } : {}),
      });
      setApiKey('');
    }, t('Saved on your computer.'));
  }

  return (
    <form className="rb-card" onSubmit={submit} noValidate aria-label={t(title)}>
      <h2 className="rb-label">{t(title)}</h2>
      <p className="rb-hint rb-gap-bottom">{t(intro)}</p>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-url`}>
          {t('Address on your computer')}
        </label>
        <input
          id={`${id}-url`}
          className="rb-input"
          type="url"
          inputMode="url"
          placeholder="https://api.openai.com/v1"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </div>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-key`}>
          {t('Key on your computer')}
        </label>
        <input
          id={`${id}-key`}
          className="rb-input"
          type="password"
          autoComplete="off"
          placeholder={
            saved?.keyHint ? t('Saved ({hint}) — type to replace', { hint: saved.keyHint }) : 'sk-…'
          }
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </div>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-model`}>
          {t('Model on your computer')}
        </label>
        <input
          id={`${id}-model`}
          className="rb-input"
          placeholder={modelPlaceholder}
          value={model}
          onChange={(e) => setModel(e.target.value)}
        />
      </div>
      {withVoice && (
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-voice`}>
            {t('Voice on your computer')}
          </label>
          <input
            id={`${id}-voice`}
            className="rb-input"
            placeholder="alloy"
            value={voice}
            onChange={(e) => setVoice(e.target.value)}
          />
        </div>
      )}
      <div className="rb-form-actions">
        <button
          type="submit"
          className="rb-btn rb-btn--primary"
          disabled={save.status.state === 'pending' || !complete}
        >
          {t('Save on your computer')}
        </button>
        <StatusLine status={save.status} pendingText={t('Saving…')} />
      </div>
    </form>
  );
}
