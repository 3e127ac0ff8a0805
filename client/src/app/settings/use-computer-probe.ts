import { useEffect, useState } from 'react';
import { type ComputerReadiness, readinessOfFailure } from './computer-readiness';
import { useComputer } from './use-computer';

/**
 * Asks the computer once, through the sealed settings channel, whether it has one thing set
 * (`/speech/settings` → `speech`), so a page can say what "Your computer" will do before a call.
 * null until it answers, and when the answer says nothing.
 */
export function useComputerProbe(path: string, field: string): ComputerReadiness | null {
  const computer = useComputer();
  const [readiness, setReadiness] = useState<ComputerReadiness | null>(null);
  useEffect(() => {
    let cancelled = false;
    computer<Record<string, unknown>>('GET', path).then(
      (reply) => {
        if (!cancelled) setReadiness(reply?.[field] ? 'ready' : 'unset');
      },
      (error: unknown) => {
        if (!cancelled) setReadiness(readinessOfFailure(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [computer, path, field]);
  return readiness;
}
