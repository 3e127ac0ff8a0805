import type { LocalSettings } from '../storage';

/** What the computer answered for each thing it may have set; `offline` when it could not be asked. */
export interface ComputerHoldings {
  llm: boolean | 'offline';
  speech: boolean | 'offline';
  transcription: boolean | 'offline';
}

/**
 * The settings patch for a newly paired phone once its computer answered: "Your computer" for
 * each thing it has set. A computer that could not be asked at all leaves the question open for
 * the next start; once it answered, the phone never asks again (a later choice is the user's).
 */
export function computerDefaults(
  settings: Pick<LocalSettings, 'voice'>,
  holds: ComputerHoldings,
): Partial<LocalSettings> | null {
  const answers = [holds.llm, holds.speech, holds.transcription];
  if (answers.every((answer) => answer === 'offline')) return null;
  return {
    computerDefaultsPending: false,
    ...(holds.llm === true ? { questionModelSource: 'computer' as const } : {}),
    ...(holds.speech === true ? { voice: { ...settings.voice, engineId: 'computer' } } : {}),
    ...(holds.transcription === true ? { speechRecognitionSource: 'computer' as const } : {}),
  };
}
