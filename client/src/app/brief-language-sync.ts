import { ComputerWriteError, DAEMON_NOT_RUNNING } from './settings/computer-writes';

/** Spec (Limits): a brief-language write is tried again every 30 s while the computer is down. */
export const BRIEF_LANGUAGE_RETRY_MS = 30_000;

export type BriefLanguageStatus =
  | { state: 'idle' }
  | { state: 'writing' | 'written'; language: string }
  | { state: 'waiting'; language: string; reason: string }
  | { state: 'refused'; language: string; reason: string };

/** Codes that say the computer could not be reached (or not yet): worth another try. */
const UNREACHABLE = new Set([
  'device_offline',
  'daemon_timeout',
  'network_error',
  'device_not_found',
  DAEMON_NOT_RUNNING,
]);

/** The computer answered and said no (a key mismatch, a language it does not know): final. */
function isRefusal(error: unknown): boolean {
  return error instanceof ComputerWriteError && error.code !== undefined && !UNREACHABLE.has(error.code);
}

/**
 * Keeps the computer's brief language (`PUT /brief/language`) equal to the app's: written at
 * start and at every change; while the computer cannot be reached, again every 30 s; a refusal
 * is not retried until the language changes (client spec, Endpoints rule 1 and Errors).
 */
export function createBriefLanguageSync(deps: {
  write: (language: string) => Promise<void>;
  onStatus?: (status: BriefLanguageStatus) => void;
}) {
  let status: BriefLanguageStatus = { state: 'idle' };
  let wanted: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const report = (next: BriefLanguageStatus) => {
    status = next;
    deps.onStatus?.(next);
  };

  async function attempt(language: string) {
    clearTimeout(timer);
    report({ state: 'writing', language });
    try {
      await deps.write(language);
      if (wanted === language && !stopped) report({ state: 'written', language });
    } catch (error) {
      // A newer language took over while this one was on its way: its own attempt reports.
      if (wanted !== language || stopped) return;
      const reason = (error as Error).message;
      if (isRefusal(error)) {
        report({ state: 'refused', language, reason });
        return;
      }
      report({ state: 'waiting', language, reason });
      timer = setTimeout(() => void attempt(language), BRIEF_LANGUAGE_RETRY_MS);
    }
  }

  return {
    /** The language in effect now; written unless it is the one already written or being written. */
    set(language: string): void {
      if (stopped || language === wanted) return;
      wanted = language;
      void attempt(language);
    },
    status: () => status,
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
