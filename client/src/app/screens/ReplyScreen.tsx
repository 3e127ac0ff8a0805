import type { ReplyContext } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useText } from '../../i18n';
import { readHistory } from '../../storage';
import { type Delivery, ReplyPanel, takenFromHereNotice } from '../../ui';
import { agentLabel } from '../call-labels';
import { store } from '../services';
import type { ReplyActor } from '../session/call-replies';
import { useSession } from '../session-context';
import { PermissionOutcome } from './PermissionScreens';

/** The reply panel of one call, following its persisted reply machine. */
export function ReplyScreen({ eventId }: { eventId: string }) {
  const { session } = useSession();
  const actor = session.replies.get(eventId);
  if (!actor) return null;
  // A permission call's reply is its decision: the decided screen, not a panel to write in.
  if (readHistory(store, eventId)?.permission?.decision)
    return <PermissionOutcome eventId={eventId} actor={actor} />;
  return <ReplyView eventId={eventId} actor={actor} />;
}

function ReplyView({ eventId, actor }: { eventId: string; actor: ReplyActor }) {
  const { session } = useSession();
  const t = useText();
  const value = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'editing'));
  const context = useSelector(actor, (s) => s.context);
  // After a reload the call may not be open again yet; history has its source.
  const source = session.openedEvent(eventId)?.plaintext.report.source ?? readHistory(store, eventId)?.source;
  const takenBy = useSyncExternalStore(
    session.view.subscribe,
    () => session.view.get().takenFromHere[eventId],
  );
  const taken = takenBy === undefined ? null : takenFromHereNotice(takenBy);
  return (
    <ReplyPanel
      // A reply restored after a reload shows the words it is sending, not the offer.
      key={context.replyId ?? 'draft'}
      defaultText={context.text ?? context.defaultText}
      {...(source ? { callerName: agentLabel(source) } : {})}
      delivery={deliveryOf(value, context, t)}
      {...(taken ? { notice: typeof taken === 'string' ? t(taken) : t(taken.text, taken.values) } : {})}
      onSend={(text) => session.sendReply(eventId, text)}
      onDraftChange={(text) => actor.send({ type: 'reply.draft', text })}
      onSkip={() => session.closeReply({ skip: true })}
      onDone={() => session.closeReply({ skip: false })}
    />
  );
}

/** The panel's delivery steps for the machine's state. */
function deliveryOf(value: string, context: ReplyContext, t: ReturnType<typeof useText>): Delivery {
  switch (value) {
    case 'sending':
      return { state: 'sending' };
    case 'queued':
    case 'dispatched':
    case 'delivered':
      return { state: value };
    case 'unsent':
      return {
        state: 'failed',
        reason: t('could not send the reply: {reason}', { reason: context.reason ?? '' }),
      };
    case 'failed':
      return { state: 'failed', ...(context.reason ? { reason: context.reason } : {}) };
    case 'refused':
      return {
        state: 'failed',
        reason: context.answeredOn
          ? t('the call was answered on {device}: reply from there', { device: context.answeredOn.name })
          : t('the call was not answered on this device, so it cannot reply'),
        retryable: false,
      };
    default:
      return { state: 'idle' };
  }
}
