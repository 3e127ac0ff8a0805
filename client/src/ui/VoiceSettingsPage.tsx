import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { CurlImportSection } from './CurlImportSection';
import { RateField } from './RateField';
import { StatusLine } from './StatusLine';
import { useAsyncStatus } from './useAsyncStatus';
import { useDraft } from './useDraft';
import { VoiceFieldsSection } from './VoiceFieldsSection';
import type { CurlImportResult, VoiceEngine, VoiceOption, VoiceValues } from './voiceTypes';
import './theme.css';
import './settings.css';

/** The engine picker's groups in words (the engines' categories are ids). */
const CATEGORY_LABELS: Record<string, string> = {
  free: 'On this device',
  computer: 'Through your computer',
  cloud: 'Cloud platforms',
  selfHosted: 'Self-hosted',
  custom: 'Your own',
};

export type Props = {
  engines: VoiceEngine[];
  initial: VoiceValues;
  /** Field id → hint of a saved secret. */
  savedHints?: Record<string, string>;
  onPreview: (values: VoiceValues) => Promise<void>;
  onSave: (values: VoiceValues) => Promise<void>;
  onImportCurl: (curl: string) => Promise<CurlImportResult> | CurlImportResult;
  /** Asks the platform for the account's voices, with the fields as typed. */
  onListVoices?: (values: VoiceValues) => Promise<VoiceOption[]>;
  onBack: () => void;
  /** Shown under the form while "Your computer" is the engine: the computer's own voice, editable. */
  computerSection?: ReactNode;
};

const CUSTOM_VOICE = '__custom__';

/** Voice settings: engine, its own fields, model, voice, rate, preview and save. */
export function VoiceSettingsPage({
  engines,
  initial,
  savedHints,
  onPreview,
  onSave,
  onImportCurl,
  onListVoices,
  onBack,
  computerSection,
}: Props) {
  const t = useText();
  const id = useId();
  const [values, editValues, editsSaved] = useDraft<VoiceValues>(initial);
  const engine = engines.find((e) => e.id === values.engineId) ?? engines[0];
  const [fetched, setFetched] = useState<Record<string, VoiceOption[]>>({});
  const listing = useAsyncStatus();
  // The built-in voices first, then those the platform listed for this account.
  const voices = [
    ...(engine?.voices ?? []),
    ...(fetched[engine?.id ?? ''] ?? []).filter((v) => !engine?.voices.some((known) => known.id === v.id)),
  ];
  const listedVoice = voices.some((v) => v.id === values.voice);
  // Chosen in the voice list; until then, whether the saved voice is one the list lacks.
  const [customVoiceChosen, setCustomVoice] = useState<boolean | null>(null);
  const customVoice = customVoiceChosen ?? (!listedVoice && values.voice !== '');
  // With no voice to list, typing an id is the only choice: its field shows at once.
  const typingVoice = customVoice || (!!engine?.allowsCustomVoice && voices.length === 0);
  const preview = useAsyncStatus();
  const save = useAsyncStatus();
  const categories = [...new Set(engines.map((e) => e.category))];

  /** An engine's fields, model and voice belong to it: editing one keeps them all as shown. */
  function update(patch: Partial<VoiceValues>) {
    const { rate: _rate, ...engineValues } = values;
    editValues('rate' in patch ? patch : { ...engineValues, ...patch });
    save.reset();
  }
  function chooseEngine(engineId: string) {
    const next = engines.find((e) => e.id === engineId);
    setCustomVoice(false);
    update({ engineId, model: next?.models[0]?.id ?? '', voice: next?.voices[0]?.id ?? '' });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run(async () => {
      await onSave({ ...values, engineId: engine?.id ?? values.engineId });
      editsSaved();
      setCustomVoice(null);
    }, t('Saved.'));
  }

  return (
    <main className="rb-page">
      <BackHeader title={t('Voice')} onBack={onBack} />
      <form className="rb-card" onSubmit={submit} noValidate>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-engine`}>
            {t('Engine')}
          </label>
          <select
            id={`${id}-engine`}
            className="rb-select"
            value={engine?.id ?? ''}
            onChange={(e) => chooseEngine(e.target.value)}
          >
            {categories.map((category) => (
              <optgroup
                key={category}
                label={CATEGORY_LABELS[category] ? t(CATEGORY_LABELS[category]) : category}
              >
                {engines
                  .filter((e) => e.category === category)
                  .map((e) => (
                    <option key={e.id} value={e.id}>
                      {t(e.name)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {engine?.supportNote && <p className="rb-hint">{t(engine.supportNote)}</p>}
        </div>

        {engine && (
          <VoiceFieldsSection
            fields={engine.fields}
            values={values.fields}
            savedHints={savedHints}
            onChange={(fieldId, value) => update({ fields: { ...values.fields, [fieldId]: value } })}
          />
        )}

        {engine?.category === 'custom' && (
          <CurlImportSection
            mapping={values.curl}
            onImportCurl={onImportCurl}
            onChange={(curl) => update({ curl })}
          />
        )}

        {engine && engine.models.length > 0 && (
          <div className="rb-field">
            <label className="rb-label" htmlFor={`${id}-model`}>
              {t('Model')}
            </label>
            <select
              id={`${id}-model`}
              className="rb-select"
              value={values.model}
              onChange={(e) => update({ model: e.target.value })}
            >
              {engine.models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
        )}

        {engine && (voices.length > 0 || engine.allowsCustomVoice || engine.canListVoices) && (
          <div className="rb-field">
            <label className="rb-label" htmlFor={`${id}-voice`}>
              {t('Voice')}
            </label>
            <select
              id={`${id}-voice`}
              className="rb-select"
              value={typingVoice ? CUSTOM_VOICE : values.voice}
              onChange={(e) => {
                const custom = e.target.value === CUSTOM_VOICE;
                setCustomVoice(custom);
                update({ voice: custom ? '' : e.target.value });
              }}
            >
              {voices.map((v) => (
                <option key={v.id} value={v.id}>
                  {t(v.name)}
                </option>
              ))}
              {engine.allowsCustomVoice && <option value={CUSTOM_VOICE}>{t('Other voice id…')}</option>}
            </select>
            {typingVoice && (
              <input
                className="rb-input"
                aria-label={t('Voice id')}
                placeholder={t('Voice id')}
                value={values.voice}
                onChange={(e) => {
                  // Typed here, the id stays typed, even one that happens to be in the list.
                  setCustomVoice(true);
                  update({ voice: e.target.value });
                }}
              />
            )}
            {engine.canListVoices && onListVoices && (
              <div className="rb-form-actions">
                <button
                  type="button"
                  className="rb-btn rb-btn--small"
                  disabled={listing.status.state === 'pending'}
                  onClick={() =>
                    void listing.run(async () => {
                      const found = await onListVoices(values);
                      setFetched((current) => ({ ...current, [engine.id]: found }));
                      if (found.length === 0)
                        throw new Error(t('The platform lists no voices for this account.'));
                    }, t('Voices listed.'))
                  }
                >
                  {t('List voices')}
                </button>
                <StatusLine status={listing.status} pendingText={t('Asking the platform…')} />
              </div>
            )}
          </div>
        )}

        <RateField
          rate={values.rate}
          onChange={(rate) => update({ rate })}
          rateRange={engine?.rateRange ?? null}
        />

        <div className="rb-form-actions">
          <button
            type="button"
            className="rb-btn"
            onClick={() => void preview.run(() => onPreview(values))}
            disabled={preview.status.state === 'pending'}
          >
            {t('Preview')}
          </button>
          <StatusLine status={preview.status} pendingText={t('Playing…')} />
        </div>
        <div className="rb-form-actions">
          <button type="submit" className="rb-btn rb-btn--primary" disabled={save.status.state === 'pending'}>
            {t('Save')}
          </button>
          <StatusLine status={save.status} pendingText={t('Saving…')} />
        </div>
      </form>
      {engine?.category === 'computer' && computerSection}
    </main>
  );
}
