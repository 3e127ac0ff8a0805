import type { LocalSettings } from '../storage';

/** What the computer answered for each thing it may have set; `offline` when it could not be asked. */
export interface ComputerHoldings {
  llm: boolean | 'offline';
  speech: boolean | 'offline';
  transcription: boolean | 'offline';
}

type DefaultedSettings = Pick<LocalSettings, 'voice' | 'questionModelSource' | 'speechRecognitionSource'>;

/**
 * The settings patch for a newly paired phone once its computer answered: "Your computer" for
 * each thing it has set, unless the user chose otherwise since the phone asked (`asked`: the
 * settings then). A computer that could not be asked at all leaves the question open for the next
 * start; once it answered, the phone never asks again (a later choice is the user's).
 */
export function computerDefaults(
  settings: DefaultedSettings,
  holds: ComputerHoldings,
  asked: DefaultedSettings = settings,
): Partial<LocalSettings> | null {
  const answers = [holds.llm, holds.speech, holds.transcription];
  if (answers.every((answer) => answer === 'offline')) return null;
  const untouched = {
    llm: settings.questionModelSource === asked.questionModelSource,
    speech: settings.voice.engineId === asked.voice.engineId,
    transcription: settings.speechRecognitionSource === asked.speechRecognitionSource,
  };
  return {
    computerDefaultsPending: false,
    ...(holds.llm === true && untouched.llm ? { questionModelSource: 'computer' as const } : {}),
    ...(holds.speech === true && untouched.speech
      ? { voice: { ...settings.voice, engineId: 'computer' } }
      : {}),
    ...(holds.transcription === true && untouched.transcription
      ? { speechRecognitionSource: 'computer' as const }
      : {}),
  };
}

/**
 * Waits between attempts at one question (ms), about a minute in all: a phone paired a moment
 * before its computer's link is up, or while the computer is busy with another device's call,
 * still gets its defaults in this visit.
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Whether the computer has `field` set, from its answer to `ask`. Only a computer without the
 * route (an older one) counts as not set; any other failure is asked again, and after the last
 * wait is `offline` (asked again at the next start), never "not set".
 */
export async function askHolding(
  ask: () => Promise<Record<string, unknown> | null | undefined>,
  field: string,
  wait: (ms: number) => Promise<void>,
): Promise<boolean | 'offline'> {
  for (const delay of [...RETRY_DELAYS_MS, null]) {
    try {
      const reply = await ask();
      return Boolean(reply?.[field]);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'not_found') return false;
      if (delay === null) return 'offline';
      await wait(delay);
    }
  }
  return 'offline';
}
