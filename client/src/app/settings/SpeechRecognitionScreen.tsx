import type { TranscriptionChannel } from '@ringback/protocol';
import { translate, useInterfaceLanguage } from '../../i18n';
import { normalizeBaseUrl } from '../../llm';
import { DEFAULT_TRANSCRIPTION_MODEL, type SpeechRecognitionSettings } from '../../storage';
import { SpeechRecognitionSettingsPage, type SpeechRecognitionValues } from '../../ui';
import {
  createDirectTranscriber,
  failureSentence,
  isVoiceInputError,
  languageHint,
  testClip,
} from '../../voice-input';
import { briefLanguageOf } from '../brief-language';
import { useSession } from '../session-context';
import { ComputerEndpointEditor } from './ComputerEndpointEditor';
import { computerTranscriptionNote } from './computer-readiness';
import { useComputerSetting } from './use-computer-setting';

/** Where this device's spoken questions and dictation are transcribed: the user's own endpoint, called directly, or the computer. */
export function SpeechRecognitionScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  const language = useInterfaceLanguage();
  const saved = settings.speechRecognition;
  const computerTranscription = useComputerSetting<TranscriptionChannel>(
    '/transcription/settings',
    'transcription',
  );
  const endpoint = (values: SpeechRecognitionValues): SpeechRecognitionSettings => {
    const baseUrl = normalizeBaseUrl(values.baseUrl);
    if (!baseUrl) throw new Error(translate(language, 'The base address must be an http(s) address'));
    return {
      baseUrl,
      apiKey: values.apiKey || saved.apiKey,
      model: values.model || DEFAULT_TRANSCRIPTION_MODEL,
    };
  };
  return (
    <SpeechRecognitionSettingsPage
      initial={{
        baseUrl: saved.baseUrl,
        model: saved.model,
        ...(saved.apiKey ? { apiKeyHint: `…${saved.apiKey.slice(-4)}` } : {}),
      }}
      onTest={async (values) => {
        const transcribe = createDirectTranscriber(endpoint(values));
        try {
          const heard = await transcribe(testClip(), { language: languageHint(briefLanguageOf(settings)) });
          return { ok: true, heard };
        } catch (error) {
          if (!isVoiceInputError(error)) throw error;
          // A tone has no words: an endpoint that says so answered, which is what the test checks.
          if (error.failure.kind === 'no-text') return { ok: true, heard: '' };
          const sentence = failureSentence(error.failure);
          return { ok: false, reason: translate(language, sentence.text, sentence.values) };
        }
      }}
      onSave={(values) => {
        // An emptied address turns voice input off again (it then says where to set it).
        if (!values.baseUrl) {
          updateSettings({
            speechRecognition: { baseUrl: '', apiKey: '', model: DEFAULT_TRANSCRIPTION_MODEL },
          });
          return '';
        }
        const speechRecognition = endpoint(values);
        updateSettings({ speechRecognition });
        return speechRecognition.baseUrl;
      }}
      source={{
        selected: settings.speechRecognitionSource,
        onSelect: (speechRecognitionSource) => updateSettings({ speechRecognitionSource }),
        note:
          settings.speechRecognitionSource === 'computer'
            ? computerTranscriptionNote(computerTranscription.readiness)
            : undefined,
      }}
      onBack={onBack}
      computerSection={
        <ComputerEndpointEditor
          title="Speech recognition on your computer"
          intro="Your computer transcribes for every device with this OpenAI-compatible /audio/transcriptions endpoint. Its key stays on the computer."
          setting={computerTranscription}
          modelPlaceholder={DEFAULT_TRANSCRIPTION_MODEL}
        />
      }
    />
  );
}
