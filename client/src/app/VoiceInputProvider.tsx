import { type ReactNode, useMemo, useRef } from 'react';
import type { LocalSettings } from '../storage';
import { VoiceInputContext, type VoiceInputFactory } from '../ui';
import { createVoiceInput, languageHint, startRecording, transcriberFor } from '../voice-input';
import { briefLanguageOf } from './brief-language';

/**
 * Voice input for every field below: this device's microphone, and the transcriber and language
 * hint the settings hold when each recording is transcribed (so a setting made after a failure
 * is used by Retry).
 */
export function VoiceInputProvider({ settings, children }: { settings: LocalSettings; children: ReactNode }) {
  const latest = useRef(settings);
  latest.current = settings;
  const factory = useMemo<VoiceInputFactory>(
    () => (onText) =>
      createVoiceInput(
        {
          record: () => startRecording(),
          transcriber: () => transcriberFor(latest.current),
          language: () => languageHint(briefLanguageOf(latest.current)),
        },
        onText,
      ),
    [],
  );
  return <VoiceInputContext.Provider value={factory}>{children}</VoiceInputContext.Provider>;
}
