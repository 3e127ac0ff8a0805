import { type FormEvent, type ReactNode, useState } from 'react';
import { useText } from '../i18n';
import { AddressField } from './AddressField';
import { BackHeader } from './BackHeader';
import { SavedKeyField } from './SavedKeyField';
import { SaveRow } from './SaveRow';
import { type Source, SourceChoice } from './SourceChoice';
import { TestRow } from './TestRow';
import { TextField } from './TextField';
import { useAsyncStatus } from './useAsyncStatus';
import './theme.css';
import './settings.css';

/** apiKey is empty when the user keeps the saved key. */
export type SpeechRecognitionValues = { baseUrl: string; apiKey: string; model: string };
/** `heard`: the test clip's words ('' when the endpoint heard none, which still proves it answers). */
export type SpeechRecognitionTestResult = { ok: true; heard: string } | { ok: false; reason: string };

export type Props = {
  initial: { baseUrl: string; model: string; apiKeyHint?: string };
  onTest: (values: SpeechRecognitionValues) => Promise<SpeechRecognitionTestResult>;
  /** Gives the base address as saved (normalised), which the field then shows. */
  onSave: (values: SpeechRecognitionValues) => Promise<string> | string;
  onBack: () => void;
  /** Who transcribes: this device with the endpoint below, or the user's computer; picking saves. */
  source?: { selected: Source; onSelect: (source: Source) => void; note?: string | undefined };
  /** Shown while "Your computer" transcribes: the computer's own speech recognition, editable. */
  computerSection?: ReactNode;
};

/** The user's own OpenAI-compatible `/audio/transcriptions` endpoint, which turns spoken questions and dictation into text. */
export function SpeechRecognitionSettingsPage({
  initial,
  onTest,
  onSave,
  onBack,
  source,
  computerSection,
}: Props) {
  const t = useText();
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(initial.model);
  const test = useAsyncStatus();
  const save = useAsyncStatus();
  const values = { baseUrl: baseUrl.trim(), apiKey, model: model.trim() };

  async function runTest() {
    const result = await test.run(() => onTest(values));
    if (!result) return;
    test.setStatus(
      !result.ok
        ? { state: 'error', message: result.reason }
        : result.heard
          ? {
              state: 'ok',
              message: t('Speech recognition works. It heard: “{text}”', { text: result.heard }),
            }
          : { state: 'ok', message: t('Speech recognition answered (the test tone has no words).') },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run(async () => setBaseUrl(await onSave(values)), t('Saved.'));
  }

  return (
    <main className="rb-page">
      <BackHeader title={t('Speech recognition')} onBack={onBack} />
      {source && (
        <SourceChoice
          label="Talk and Dictate are transcribed by"
          directDetail="The endpoint below, called straight from this device"
          computerDetail="The speech recognition set on your computer, through the relay, sealed end to end: this device needs no key"
          {...source}
        />
      )}
      {source?.selected === 'computer' ? (
        computerSection
      ) : (
        <form className="rb-card" onSubmit={submit} noValidate>
          <p className="rb-hint rb-gap-bottom">
            {t(
              'Talk and Dictate send what you say to this OpenAI-compatible /audio/transcriptions endpoint, straight from this device, and to nowhere else.',
            )}
          </p>
          <AddressField
            label="Base address"
            placeholder="https://api.openai.com/v1"
            value={baseUrl}
            onChange={setBaseUrl}
          />
          <SavedKeyField label="API key" savedHint={initial.apiKeyHint} value={apiKey} onChange={setApiKey}>
            <p className="rb-hint">{t('A local server may need no key.')}</p>
          </SavedKeyField>
          <TextField label="Model" value={model} placeholder="whisper-1" onChange={setModel} />
          <TestRow label="Test" status={test.status} onTest={runTest} />
          <SaveRow label="Save" status={save.status} />
        </form>
      )}
    </main>
  );
}
