import { ReplyPanel } from '../../ui';
import { agentLabel } from '../call-labels';
import type { ReplyView } from '../session/ringback-session';
import { useSession } from '../session-context';

export function ReplyScreen({ reply }: { reply: ReplyView }) {
  const { session } = useSession();
  const event = session.openedEvent(reply.eventId);
  return (
    <ReplyPanel
      defaultText={reply.defaultText}
      {...(event ? { callerName: agentLabel(event.plaintext.report.source) } : {})}
      delivery={{ state: reply.state, ...(reply.reason ? { reason: reply.reason } : {}) }}
      onSend={(text) => void session.sendReply(text)}
      onSkip={() => session.closeReply()}
      onDone={() => session.closeReply()}
    />
  );
}
