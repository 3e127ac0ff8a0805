import { useEffect } from 'react';
import { type ComputerHoldings, computerDefaults } from './computer-defaults';
import { useSession } from './session-context';
import { readinessOfFailure } from './settings/computer-readiness';
import { useComputer } from './settings/use-computer';

/**
 * On a phone paired just now, asks its computer once (sealed, through the settings channel)
 * which of model, voice and speech recognition it has set, and makes "Your computer" the default
 * for each. Renders nothing.
 */
export function ComputerDefaultsEffect() {
  const { settings, e2eKey, updateSettings } = useSession();
  const computer = useComputer();
  const pending = settings.computerDefaultsPending && e2eKey !== null && settings.daemonDeviceId !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the phone can ask, not on every settings change
  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    const holds = async (path: string, field: string): Promise<boolean | 'offline'> => {
      try {
        const reply = await computer<Record<string, unknown>>('GET', path);
        return Boolean(reply?.[field]);
      } catch (error) {
        // A refusal (an older computer without the route) is "not set"; unreachable is asked again later.
        return readinessOfFailure(error) === 'offline' ? 'offline' : false;
      }
    };
    void (async () => {
      const answers: ComputerHoldings = {
        llm: await holds('/llm/settings', 'channel'),
        speech: await holds('/speech/settings', 'speech'),
        transcription: await holds('/transcription/settings', 'transcription'),
      };
      if (cancelled) return;
      const patch = computerDefaults(settings, answers);
      if (patch) updateSettings(patch);
    })();
    return () => {
      cancelled = true;
    };
  }, [pending]);

  return null;
}
