import { sameCalls, selectQueuedCalls } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { IncomingCallScreen } from '../../ui';
import { agentLabel, callPreview, folderName } from '../call-labels';
import { useSession } from '../SessionRoot';

export function IncomingScreen({ eventId }: { eventId: string }) {
  const { session } = useSession();
  const waiting = useSelector(session.queue, selectQueuedCalls, sameCalls);
  const event = session.openedEvent(eventId);
  if (!event) return null;
  const { report } = event.plaintext;
  return (
    <IncomingCallScreen
      callerName={agentLabel(report.source)}
      subtitle={folderName(report.cwd)}
      preview={callPreview(event.brief, report.text)}
      queueCount={waiting.length}
      onAnswer={() => session.answer(eventId)}
      onDecline={() => session.queue.send({ type: 'call.decline', eventId })}
    />
  );
}
