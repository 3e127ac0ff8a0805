import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useText } from '../i18n';
import { AddressField } from './AddressField';
import { BackHeader } from './BackHeader';
import { LLM_PRESETS, type LlmPresetId, presetForUrl } from './llmPresets';
import { SavedKeyField } from './SavedKeyField';
import { SaveRow } from './SaveRow';
import { type Source, SourceChoice } from './SourceChoice';
import { StatusLine } from './StatusLine';
import { TestRow } from './TestRow';
import { useAsyncStatus } from './useAsyncStatus';
import './theme.css';
import './settings.css';

/** How briefs ask for JSON: the endpoint enforces a schema, or (models without that) the schema rides in the prompt. */
export type StructuredOutputMode = 'json_schema' | 'json_object';

/** apiKey is empty when the user keeps the saved key. */
export type LlmValues = {
  preset: LlmPresetId;
  baseUrl: string;
  apiKey: string;
  model: string;
  structuredOutput: StructuredOutputMode;
};
export type LlmTestResult = { ok: true } | { ok: false; reason: string };

export type Props = {
  initial: {
    baseUrl: string;
    model: string;
    preset?: LlmPresetId;
    apiKeyHint?: string;
    /** The computer's saved mode; it may arrive after the page opened. */
    structuredOutput?: StructuredOutputMode;
  };
  onLoadModels: (values: LlmValues) => Promise<string[]>;
  onTest: (values: LlmValues) => Promise<LlmTestResult>;
  onSave: (values: LlmValues) => Promise<void>;
  onBack: () => void;
  /** Who answers questions: this device with the model below, or the user's computer; picking saves. */
  source?: { selected: Source; onSelect: (source: Source) => void; note?: string | undefined };
};

/** The user's own OpenAI-compatible model, used for questions in calls and (via the daemon) briefs. */
export function LlmSettingsPage({ initial, onLoadModels, onTest, onSave, onBack, source }: Props) {
  const t = useText();
  const id = useId();
  const [preset, setPreset] = useState<LlmPresetId>(initial.preset ?? presetForUrl(initial.baseUrl));
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(initial.model);
  const [models, setModels] = useState<string[]>([]);
  // The address and model may arrive after the page opened (a phone with none of its own shows
  // its computer's): taken until the user is in the form, never under what they type.
  const typed = useRef(false);
  useEffect(() => {
    if (typed.current) return;
    setBaseUrl(initial.baseUrl);
    setModel(initial.model);
    setPreset(initial.preset ?? presetForUrl(initial.baseUrl));
  }, [initial.baseUrl, initial.model, initial.preset]);
  // null until the user picks: until then the page follows the computer's saved mode.
  const [chosenMode, setChosenMode] = useState<StructuredOutputMode | null>(null);
  const structuredOutput = chosenMode ?? initial.structuredOutput ?? 'json_schema';
  const load = useAsyncStatus();
  const test = useAsyncStatus();
  const save = useAsyncStatus();
  const values: LlmValues = {
    preset,
    baseUrl: baseUrl.trim(),
    apiKey,
    model: model.trim(),
    structuredOutput,
  };

  function choosePreset(next: LlmPresetId) {
    setPreset(next);
    const found = LLM_PRESETS.find((p) => p.id === next);
    if (found?.baseUrl) setBaseUrl(found.baseUrl);
  }

  async function loadModels() {
    const list = await load.run(() => onLoadModels(values));
    if (!list) return;
    setModels(list);
    load.setStatus({
      state: 'ok',
      message: list.length ? t('{count} models found.', { count: list.length }) : t('No models were listed.'),
    });
    if (!model && list[0]) setModel(list[0]);
  }

  async function runTest() {
    const result = await test.run(() => onTest(values));
    if (!result) return;
    test.setStatus(
      result.ok
        ? { state: 'ok', message: t('Connection works.') }
        : { state: 'error', message: result.reason },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run(() => onSave(values), t('Saved. Your computer uses this model for briefs too.'));
  }

  return (
    <main className="rb-page">
      <BackHeader title={t('Language model')} onBack={onBack} />
      {source && (
        <SourceChoice
          label="Questions are answered by"
          directDetail="With the settings below, called straight from this device"
          computerDetail="What your computer has set, through the relay, sealed end to end: this device needs no key"
          {...source}
        />
      )}
      <form
        className="rb-card"
        onSubmit={submit}
        noValidate
        // Once the user is in a field, what arrives late must not land under their typing.
        onFocus={() => {
          typed.current = true;
        }}
      >
        <p className="rb-hint rb-gap-bottom">
          {source?.selected === 'computer'
            ? t(
                'Your computer answers questions with this model. Saving sets the model your computer uses for questions and briefs.',
              )
            : t(
                'Questions in a call are answered by this model, straight from this device. Saving also updates the model your computer uses for briefs.',
              )}
        </p>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-preset`}>
            {t('Provider')}
          </label>
          <select
            id={`${id}-preset`}
            className="rb-select"
            value={preset}
            onChange={(e) => {
              typed.current = true;
              choosePreset(e.target.value as LlmPresetId);
            }}
          >
            {LLM_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <AddressField
          label="Base address"
          placeholder="https://host/v1"
          value={baseUrl}
          onChange={(typedUrl) => {
            typed.current = true;
            setBaseUrl(typedUrl);
            setPreset(presetForUrl(typedUrl));
          }}
        />
        <SavedKeyField label="API key" savedHint={initial.apiKeyHint} value={apiKey} onChange={setApiKey}>
          {preset === 'ollama' && <p className="rb-hint">{t('A local Ollama needs no key.')}</p>}
        </SavedKeyField>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-model`}>
            {t('Model')}
          </label>
          <div className="rb-inline">
            <input
              id={`${id}-model`}
              className="rb-input"
              list={`${id}-models`}
              value={model}
              onChange={(e) => {
                typed.current = true;
                setModel(e.target.value);
              }}
              placeholder={t('Pick or type a model')}
            />
            <button
              type="button"
              className="rb-btn"
              onClick={loadModels}
              disabled={load.status.state === 'pending'}
            >
              {t('Load models')}
            </button>
          </div>
          <datalist id={`${id}-models`}>
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <StatusLine status={load.status} pendingText={t('Loading models…')} />
        </div>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-mode`}>
            {t('Structured output')}
          </label>
          <select
            id={`${id}-mode`}
            className="rb-select"
            value={structuredOutput}
            aria-describedby={`${id}-mode-hint`}
            onChange={(e) => setChosenMode(e.target.value as StructuredOutputMode)}
          >
            <option value="json_schema">{t('JSON schema (json_schema)')}</option>
            <option value="json_object">{t('JSON object, schema in the prompt (json_object)')}</option>
          </select>
          <p id={`${id}-mode-hint`} className="rb-hint">
            {t(
              'Briefs need JSON from the model. Choose JSON object for models without JSON schema support; the connection test checks the mode you choose.',
            )}
          </p>
        </div>
        <TestRow label="Test connection" status={test.status} onTest={runTest} />
        <SaveRow label="Save" status={save.status} disabled={!values.baseUrl || !values.model} />
      </form>
    </main>
  );
}
