import { sameCalls, selectQueuedCalls } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { IncomingCallScreen } from '../../ui';
import { callerName, callPreview, callSubtitle } from '../call-labels';
import { useSession } from '../session-context';
import { PermissionIncoming } from './PermissionScreens';

export function IncomingScreen({ eventId }: { eventId: string }) {
  const { session } = useSession();
  const waiting = useSelector(session.queue, selectQueuedCalls, sameCalls);
  const event = session.openedEvent(eventId);
  if (!event) return null;
  if (event.permission)
    return <PermissionIncoming eventId={eventId} permission={event.permission} queueCount={waiting.length} />;
  const { report } = event.plaintext;
  return (
    <IncomingCallScreen
      callerName={callerName(report)}
      subtitle={callSubtitle(report)}
      preview={callPreview(event.brief, report.text)}
      queueCount={waiting.length}
      onAnswer={() => session.answer(eventId)}
      onDecline={() => session.decline(eventId)}
    />
  );
}
