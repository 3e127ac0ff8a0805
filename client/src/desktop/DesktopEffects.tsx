import { selectMissedCount } from '@ringback/machines';
import type { DesktopBridge } from '@ringback/protocol';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../app/session-context';
import { useInterfaceLanguage, useText } from '../i18n';
import { endpointBases } from './endpoint-bases';
import { endpointRouting } from './host-fetch';
import { createRingingAlerts, ringingCallsOf } from './ringing-alerts';

const failed = (what: string) => (error: unknown) => console.warn(`ringback: ${what}`, error);

/**
 * What the session tells the desktop shell: calls ringing and stopping (native notification,
 * window forward), the tray's status line, and the endpoints main may reach for the page. Renders
 * nothing.
 */
export function DesktopEffects({ bridge }: { bridge: DesktopBridge }) {
  const { session, settings } = useSession();
  const language = useInterfaceLanguage();
  const t = useText();
  const words = useRef(t);
  words.current = t;
  const connected = useSyncExternalStore(
    session.view.subscribe,
    () => session.view.get().connection === 'connected',
  );
  const missed = useSelector(session.queue, selectMissedCount);

  useEffect(() => {
    bridge.status({ connected, missed, language }).catch(failed('the tray status'));
  }, [bridge, connected, missed, language]);

  useEffect(() => {
    const alerts = createRingingAlerts(bridge.calls);
    const follow = () =>
      alerts.follow(
        ringingCallsOf(session.queue.getSnapshot(), (id) => session.openedEvent(id), words.current),
      );
    follow();
    const subscription = session.queue.subscribe(follow);
    return () => {
      subscription.unsubscribe();
      alerts.stopAll();
    };
  }, [bridge, session]);

  // Compared by value: most settings changes leave the endpoints as they are.
  const bases = JSON.stringify(endpointBases(settings));
  useEffect(() => {
    endpointRouting.configure(JSON.parse(bases) as string[]).catch(failed('the endpoint allow list'));
  }, [bases]);

  return null;
}
