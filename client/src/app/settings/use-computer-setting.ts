import { useCallback, useEffect, useState } from 'react';
import { type ComputerReadiness, readinessOfFailure } from './computer-readiness';
import { useComputer } from './use-computer';

export interface ComputerSetting<T> {
  /** null until the computer answers, and when its answer says nothing. */
  readiness: ComputerReadiness | null;
  /** What the computer has set (keys only as hints), or null. */
  channel: T | null;
  /** Writes the computer's setting (PUT), sealed; rejects with the reason in words. */
  save(body: unknown): Promise<void>;
}

/**
 * One of the computer's settings (`/speech/settings` → `speech`), read once through the sealed
 * settings channel, so a page can say what "Your computer" will do before a call and edit it.
 */
export function useComputerSetting<T>(path: string, field: string): ComputerSetting<T> {
  const computer = useComputer();
  const [readiness, setReadiness] = useState<ComputerReadiness | null>(null);
  const [channel, setChannel] = useState<T | null>(null);
  const take = useCallback(
    (reply: Record<string, unknown> | null) => {
      const value = (reply?.[field] ?? null) as T | null;
      setChannel(value);
      setReadiness(value ? 'ready' : 'unset');
    },
    [field],
  );
  useEffect(() => {
    let cancelled = false;
    computer<Record<string, unknown>>('GET', path).then(
      (reply) => {
        if (!cancelled) take(reply);
      },
      (error: unknown) => {
        if (!cancelled) setReadiness(readinessOfFailure(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [computer, path, take]);
  const save = useCallback(
    async (body: unknown) => take(await computer<Record<string, unknown>>('PUT', path, body)),
    [computer, path, take],
  );
  return { readiness, channel, save };
}
