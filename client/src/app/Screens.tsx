import { selectRingingCall } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { useState, useSyncExternalStore } from 'react';
import { DispatchFlow } from './dispatch/DispatchFlow';
import { MyDispatchesScreen } from './dispatch/MyDispatchesScreen';
import { CallScreen } from './screens/CallScreen';
import { DetailScreen } from './screens/DetailScreen';
import { IdleScreen } from './screens/IdleScreen';
import { IncomingScreen } from './screens/IncomingScreen';
import { PermissionEnded } from './screens/PermissionScreens';
import { ReplyScreen } from './screens/ReplyScreen';
import type { SessionView } from './session/ringback-session';
import { useSession } from './session-context';
import { SettingsScreens } from './settings/SettingsScreens';

export type Page =
  | { name: 'idle' }
  | { name: 'detail'; eventId: string }
  | { name: 'settings'; page: string | null }
  | { name: 'dispatch' }
  | { name: 'myDispatches'; from: 'dispatch' | 'idle' };

/**
 * A call answered here fills the screen. A ringing call shows over anything else (a replay, the
 * reply panel, settings, dispatch, My dispatches), so it can always be answered; what it covers
 * stays mounted underneath (a dispatch keeps waiting, a replay keeps its place) and inert.
 */
export function Screens() {
  const { session } = useSession();
  const view = useSyncExternalStore(session.view.subscribe, session.view.get);
  const ringing = useSelector(session.queue, selectRingingCall);
  const [page, setPage] = useState<Page>({ name: 'idle' });

  if (view.call && !view.call.replay) return <CallScreen key={view.call.eventId} call={view.call} />;
  const ringingId = ringing && session.openedEvent(ringing.report.eventId) ? ringing.report.eventId : null;
  return (
    <>
      <div className="rb-under-call" inert={ringingId !== null}>
        <PageScreen view={view} page={page} setPage={setPage} />
      </div>
      {ringingId && (
        <div className="rb-ringing-overlay">
          <IncomingScreen eventId={ringingId} />
        </div>
      )}
    </>
  );
}

/** A replay, the reply panel, or the page the user chose. */
function PageScreen({ view, page, setPage }: { view: SessionView; page: Page; setPage(page: Page): void }) {
  if (view.call) return <CallScreen key={view.call.eventId} call={view.call} />;
  // Under any call that rings next, so that one can still be answered.
  if (view.permissionEnded) return <PermissionEnded {...view.permissionEnded} />;
  if (view.reply) return <ReplyScreen key={view.reply.eventId} eventId={view.reply.eventId} />;
  switch (page.name) {
    case 'detail':
      return (
        <DetailScreen
          eventId={page.eventId}
          onBack={() => setPage({ name: 'idle' })}
          onOpenSettings={(settingsPage) => setPage({ name: 'settings', page: settingsPage })}
        />
      );
    case 'settings':
      return (
        <SettingsScreens
          page={page.page}
          onOpen={(next) => setPage({ name: 'settings', page: next })}
          onBack={() => setPage(page.page ? { name: 'settings', page: null } : { name: 'idle' })}
        />
      );
    case 'dispatch':
      return (
        <DispatchFlow
          onBack={() => setPage({ name: 'idle' })}
          onOpenMyDispatches={() => setPage({ name: 'myDispatches', from: 'dispatch' })}
        />
      );
    case 'myDispatches':
      return (
        <MyDispatchesScreen
          onBack={() => setPage(page.from === 'dispatch' ? { name: 'dispatch' } : { name: 'idle' })}
        />
      );
    default:
      return (
        <IdleScreen
          historyVersion={view.historyVersion}
          onOpenCall={(eventId) => setPage({ name: 'detail', eventId })}
          onOpenSettings={(settingsPage) => setPage({ name: 'settings', page: settingsPage ?? null })}
          onDispatch={() => setPage({ name: 'dispatch' })}
        />
      );
  }
}
