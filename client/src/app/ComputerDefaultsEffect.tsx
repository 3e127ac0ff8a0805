import { useEffect, useRef } from 'react';
import { askHolding, type ComputerHoldings, computerDefaults } from './computer-defaults';
import { useSession } from './session-context';
import { useComputer } from './settings/use-computer';

/**
 * On a phone paired just now, asks its computer once (sealed, through the settings channel)
 * which of model, voice and speech recognition it has set, and makes "Your computer" the default
 * for each. A passing failure is asked again for about a minute, each question in turn. Renders nothing.
 */
export function ComputerDefaultsEffect() {
  const { settings, e2eKey, updateSettings } = useSession();
  const computer = useComputer();
  // Read when asking and when applying: the key or the settings may change during the minute.
  const latest = useRef({ computer, settings });
  latest.current = { computer, settings };
  const pending = settings.computerDefaultsPending && e2eKey !== null && settings.daemonDeviceId !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the phone can ask, not on every settings change
  useEffect(() => {
    if (!pending) return;
    const asked = settings;
    let cancelled = false;
    const stopped = new AbortController();
    // Resolves at once when the page leaves: the questions then end as offline, unapplied.
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        if (stopped.signal.aborted) return resolve();
        const timer = setTimeout(resolve, ms);
        stopped.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const holds = (path: string, field: string) =>
      askHolding(
        () =>
          cancelled
            ? Promise.reject(new Error('left'))
            : latest.current.computer<Record<string, unknown>>('GET', path),
        field,
        wait,
      );
    void (async () => {
      // One after another, not together: over HTTP/1.1 a browser has six connections to the relay,
      // and questions the computer is slow to answer would hold them from a call's decision.
      const llm = await holds('/llm/settings', 'channel');
      const speech = await holds('/speech/settings', 'speech');
      const transcription = await holds('/transcription/settings', 'transcription');
      if (cancelled) return;
      const answers: ComputerHoldings = { llm, speech, transcription };
      const patch = computerDefaults(latest.current.settings, answers, asked);
      if (patch) updateSettings(patch);
    })();
    return () => {
      cancelled = true;
      stopped.abort();
    };
  }, [pending]);

  return null;
}
