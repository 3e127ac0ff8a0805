import { type FormEvent, useState } from 'react';
import { useText } from '../i18n';
import { AddressField } from './AddressField';
import { SavedKeyField } from './SavedKeyField';
import { SaveRow } from './SaveRow';
import { TextField } from './TextField';
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
  /** The computer cannot be reached now: nothing it holds can be shown or changed. */
  unreachable?: boolean;
  onSave: (values: ComputerEndpointValues) => Promise<void>;
};

/**
 * An endpoint the computer holds for every device (its voice, its speech recognition), edited
 * from here and written to the computer sealed through the relay. The key is sent once and then
 * shown only as a hint.
 */
export function ComputerEndpointSection({
  title,
  intro,
  saved,
  withVoice,
  modelPlaceholder,
  unreachable = false,
  onSave,
}: Props) {
  const t = useText();
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
      {unreachable && (
        <p className="rb-hint rb-gap-bottom" role="status">
          {t(
            'Your computer is not connected right now: what it holds can be seen and changed once it is back.',
          )}
        </p>
      )}
      {/* Empty fields would read as "nothing set" when the computer simply did not answer. */}
      <fieldset className="rb-fieldset" disabled={unreachable}>
        <AddressField
          label="Address on your computer"
          placeholder="https://api.openai.com/v1"
          value={baseUrl}
          onChange={setBaseUrl}
        />
        <SavedKeyField
          label="Key on your computer"
          savedHint={saved?.keyHint}
          value={apiKey}
          onChange={setApiKey}
        />
        <TextField
          label="Model on your computer"
          placeholder={modelPlaceholder}
          value={model}
          onChange={setModel}
        />
        {withVoice && (
          <TextField label="Voice on your computer" placeholder="alloy" value={voice} onChange={setVoice} />
        )}
        <SaveRow label="Save on your computer" status={save.status} disabled={!complete} />
      </fieldset>
    </form>
  );
}
