import { buildCallSegments } from '@ringback/machines';
import { briefWithFormOfAddress, formatCallTime, replaceFormOfAddress, resumeCommand } from '../../format';
import { useText } from '../../i18n';
import { readHistory } from '../../storage';
import { CallDetailPage, copyText, type ReplyRecord } from '../../ui';
import { briefFailureWords } from '../brief-failure';
import { agentLabel, callPreview } from '../call-labels';
import { statusLabelOf } from '../history-labels';
import { store } from '../services';
import { noBriefLine } from '../session/call-speech';
import { useSession } from '../session-context';

const REPLY_WORDS = {
  queued: { label: 'Queued on the relay', tone: 'warn' },
  dispatched: { label: 'Sent to the computer', tone: 'warn' },
  delivered: { label: 'Delivered to the agent', tone: 'ok' },
  failed: { label: 'Not delivered', tone: 'error' },
} as const;

/** One past call from history, with the form of address applied as it reads now. */
export function DetailScreen({
  eventId,
  onBack,
  onOpenSettings,
}: {
  eventId: string;
  onBack(): void;
  /** One settings page (`llm`), where a failed brief is fixed. */
  onOpenSettings(page: string): void;
}) {
  const { session, settings } = useSession();
  const t = useText();
  const record = readHistory(store, eventId);
  if (!record) {
    onBack();
    return null;
  }
  const form = settings.formOfAddress;
  const brief = record.brief ? briefWithFormOfAddress(record.brief, form) : null;
  const segments = brief
    ? buildCallSegments({ brief, reportText: record.report.text, noBriefLine: noBriefLine(brief.language) })
    : [];
  const command = resumeCommand(record.report);
  const failure = brief?.status === 'failed' ? briefFailureWords(brief.reason) : null;
  // Only the device that answered a call may reply to it (the relay refuses the others).
  const answeredHere = (record.status === 'completed' || record.status === 'answered') && !record.handledBy;
  const pending = session.replies.get(eventId)?.getSnapshot();
  const replyWaiting =
    pending?.status === 'active' && !pending.matches('queued') && !pending.matches('dispatched');
  const replies: ReplyRecord[] = record.replies.map((reply) => ({
    text: reply.text,
    statusLabel: t(REPLY_WORDS[reply.status].label),
    tone: REPLY_WORDS[reply.status].tone,
    ...(reply.failure ? { reason: reply.failure } : {}),
  }));
  return (
    <CallDetailPage
      title={callPreview(brief, record.report.text)}
      agentLabel={agentLabel(record.source)}
      callTime={formatCallTime(record.callTime ?? record.occurredAt)}
      statusLabel={statusLabelOf(record, t)}
      segments={segments}
      conversation={record.conversation.map((turn) => ({
        ...turn,
        text: replaceFormOfAddress(turn.text, form),
      }))}
      decisions={record.decisions}
      replies={replies}
      {...(command ? { resumeCommand: command } : {})}
      reportText={record.report.text}
      {...(failure
        ? {
            briefFailure: {
              text: failure.text,
              ...(failure.values ? { values: failure.values } : {}),
              ...(failure.fix ? { onFix: () => onOpenSettings(failure.fix ?? 'llm') } : {}),
            },
          }
        : {})}
      onReplay={() => session.replay(eventId)}
      {...(answeredHere
        ? {
            onReply: () => session.openReply(eventId),
            replyLabel: t(replyWaiting ? 'Finish the reply' : 'Reply'),
          }
        : {})}
      onBack={onBack}
      onCopy={copyText}
    />
  );
}
