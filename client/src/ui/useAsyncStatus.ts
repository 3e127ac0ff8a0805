import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncStatus = { state: 'idle' | 'pending' | 'ok' | 'error'; message?: string };

/** Tracks one async callback's outcome for a button (Saving… / Saved / the error's words). */
export function useAsyncStatus() {
  const [status, setStatus] = useState<AsyncStatus>({ state: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async <T>(action: () => Promise<T> | T, okMessage?: string): Promise<T | undefined> => {
      setStatus({ state: 'pending' });
      try {
        const result = await action();
        if (mounted.current) setStatus({ state: 'ok', message: okMessage });
        return result;
      } catch (error) {
        if (mounted.current) setStatus({ state: 'error', message: errorText(error) });
        return undefined;
      }
    },
    [],
  );

  const reset = useCallback(() => setStatus({ state: 'idle' }), []);
  return { status, run, setStatus, reset };
}

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong.';
}
