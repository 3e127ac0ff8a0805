import type { DispatchListReply, DispatchRecord } from '@ringback/protocol';
import { useCallback, useEffect, useState } from 'react';
import { type DispatchRow, MyDispatchesPage } from '../../ui';
import { useComputer } from '../settings/use-computer';
import { OPTIONS_REFRESH_MS } from './use-dispatch-options';

const rowOf = (record: DispatchRecord): DispatchRow => ({
  id: record.id,
  kind: record.kind,
  state: record.state,
  prompt: record.prompt,
  images: record.images,
  agentName: record.agentName,
  createdAt: record.createdAt,
  ...(record.identifier ? { identifier: record.identifier } : {}),
  ...(record.title ? { title: record.title } : {}),
  ...(record.status ? { status: record.status } : {}),
  ...(record.priority ? { priority: record.priority } : {}),
  ...(record.failureReason ? { failureReason: record.failureReason } : {}),
});

/**
 * Every dispatch from the account's computer (kept there, so every device sees the same list).
 * Each read makes the computer refresh them from the tracker; read again while the page is open.
 */
export function MyDispatchesScreen({ onBack }: { onBack(): void }) {
  const computer = useComputer();
  const [rows, setRows] = useState<DispatchRow[]>([]);
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({
    loading: true,
    error: null,
  });
  const refresh = useCallback(async () => {
    setState((current) => ({ ...current, loading: true }));
    try {
      const reply = await computer<DispatchListReply>('GET', '/tracker/dispatches');
      setRows(reply.dispatches.map(rowOf));
      setState({ loading: false, error: null });
    } catch (error) {
      setState({ loading: false, error: (error as Error).message });
    }
  }, [computer]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), OPTIONS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <MyDispatchesPage
      dispatches={rows}
      loading={state.loading}
      error={state.error}
      onRefresh={() => void refresh()}
      onCancel={(id) => {
        void computer('POST', '/tracker/dispatches/cancel', { id })
          .then(() => refresh())
          .catch((error: Error) => setState({ loading: false, error: error.message }));
      }}
      onBack={onBack}
    />
  );
}
