import type { DesktopBridge, PairingOffer } from '@ringback/protocol';
import { useEffect, useRef, useState } from 'react';
import { DesktopJoinPage } from './DesktopJoinPage';
import { createDesktopJoin, type JoinView } from './desktop-join';

type Props = {
  bridge: DesktopBridge;
  onOffer(offer: PairingOffer): void;
  joining: boolean;
  /** A failed join, or a removal from the account: shown, and no new join until the user asks. */
  error?: string;
  /** The user asks to join again: the error goes. */
  onDismissError(): void;
  /**
   * Offered with the error when the saved pairing may read now: reads it again; `none` means
   * nothing is saved after all, so the page joins.
   */
  onReadAgain?: () => Promise<'restored' | 'none' | 'unreadable'>;
};

/** Joins through the daemon on this computer; see desktop-join.ts. */
export function DesktopJoin({ bridge, onOffer, joining, error, onDismissError, onReadAgain }: Props) {
  const [view, setView] = useState<JoinView>({ step: { kind: 'asking' }, install: { kind: 'idle' } });
  const join = useRef<ReturnType<typeof createDesktopJoin> | null>(null);
  const latest = useRef({ onOffer, error });
  latest.current = { onOffer, error };
  useEffect(() => {
    const created = createDesktopJoin({
      daemon: bridge.daemon,
      onOffer: (offer) => latest.current.onOffer(offer),
      onChange: setView,
    });
    join.current = created;
    // A shown error (a failed join, a removal) waits for the user before asking again.
    if (latest.current.error) setView({ step: { kind: 'offered' }, install: { kind: 'idle' } });
    else void created.ask();
    return () => created.stop();
  }, [bridge]);
  return (
    <DesktopJoinPage
      view={view}
      joining={joining}
      {...(error ? { error } : {})}
      onRetry={() => {
        onDismissError();
        void join.current?.ask();
      }}
      {...(onReadAgain
        ? {
            onReadAgain: () =>
              void onReadAgain().then((result) => {
                if (result === 'none') void join.current?.ask();
              }),
          }
        : {})}
      onInstall={() => void join.current?.install()}
      onLogin={(form) => void join.current?.login(form)}
    />
  );
}
