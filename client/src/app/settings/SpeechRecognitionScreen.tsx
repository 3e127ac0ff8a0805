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
import { computerTranscriptionNote } from './computer-readiness';
import { useComputerProbe } from './use-computer-probe';

/** Where this device's spoken questions and dictation are transcribed: the user's own endpoint, called directly, or the computer. */
export function SpeechRecognitionScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  const language = useInterfaceLanguage();
  const saved = settings.speechRecognition;
  const computerTranscription = useComputerProbe('/transcription/settings', 'transcription');
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
            ? computerTranscriptionNote(computerTranscription)
            : undefined,
      }}
      onBack={onBack}
    />
  );
}
