import type { QueuedCall } from '@ringback/machines';
import { sameCalls, selectFailedCalls, selectMissedCalls, selectPreparingCount } from '@ringback/machines';
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore } from 'react';
import { briefWithFormOfAddress, formatCallTime, resumeCommand } from '../../format';
import { listHistory } from '../../storage';
import { copyText, type HistoryRow, IdlePage, type MissedCall } from '../../ui';
import { briefLanguageOf } from '../brief-language';
import { agentLabel, callPreview } from '../call-labels';
import { statusLabelOf } from '../history-labels';
import { useSession } from '../SessionRoot';
import { store } from '../services';
import { statusItems } from '../status-items';

interface Props {
  historyVersion: number;
  onOpenCall(eventId: string): void;
  onOpenSettings(): void;
}

export function IdleScreen({ historyVersion, onOpenCall, onOpenSettings }: Props) {
  const { session, settings } = useSession();
  const view = useSyncExternalStore(session.view.subscribe, session.view.get);
  const missed = useSelector(session.queue, selectMissedCalls, sameCalls);
  const failed = useSelector(session.queue, selectFailedCalls, sameCalls);
  const preparing = useSelector(session.queue, selectPreparingCount);
  const endedElsewhere = useSelector(
    session.queue,
    (s) => recentlyEndedElsewhere(s.context.calls),
    sameCalls,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: historyVersion is the signal that storage changed
  const history = useMemo(() => listHistory(store), [historyVersion]);

  const row = (call: QueuedCall): MissedCall | null => {
    const event = session.openedEvent(call.report.eventId);
    if (!event) return null;
    return {
      eventId: call.report.eventId,
      title: callPreview(event.brief, event.plaintext.report.text),
      agentLabel: agentLabel(event.plaintext.report.source),
      callTime: formatCallTime(call.report.occurredAt),
    };
  };
  const historyRows: HistoryRow[] = history.map((record) => {
    const command = resumeCommand(record.report);
    return {
      eventId: record.eventId,
      title: callPreview(
        record.brief && briefWithFormOfAddress(record.brief, settings.formOfAddress),
        record.report.text,
      ),
      agentLabel: agentLabel(record.source),
      callTime: formatCallTime(record.callTime ?? record.occurredAt),
      ...(record.updatedAt ? { updatedTimeTitle: `Issue updated ${formatCallTime(record.updatedAt)}` } : {}),
      statusLabel: statusLabelOf(record),
      ...(command ? { resumeCommand: command } : {}),
    };
  });
  const notices = [
    ...(view.undecryptable.length > 0
      ? [
          `${view.undecryptable.length === 1 ? '1 call' : `${view.undecryptable.length} calls`} could not be decrypted: this device holds a different end-to-end key than the computer`,
        ]
      : []),
    ...endedElsewhere.map((call) => `A call was answered on ${call.endedBy?.name ?? 'another device'}`),
  ];

  return (
    <IdlePage
      connection={view.connection}
      statusItems={statusItems(view.connection, settings, briefLanguageOf(settings))}
      notices={notices}
      preparingCount={preparing}
      failed={failed.flatMap((call) => {
        const base = row(call);
        return base
          ? [{ eventId: base.eventId, title: base.title, reason: call.failure ?? 'the voice failed' }]
          : [];
      })}
      missed={missed.flatMap((call) => row(call) ?? [])}
      history={historyRows}
      onRetry={(eventId) => session.queue.send({ type: 'failed.retry', eventId })}
      onIgnore={(eventId) => session.queue.send({ type: 'failed.ignore', eventId })}
      onAnswerMissed={(eventId) => session.answer(eventId)}
      onAcknowledgeAll={() => session.queue.send({ type: 'missed.acknowledgeAll' })}
      onReplay={(eventId) => session.replay(eventId)}
      onOpenCall={onOpenCall}
      onOpenSettings={onOpenSettings}
      onCopy={copyText}
    />
  );
}

/** Calls another device took while this one was ringing or waiting, newest first, at most three. */
function recentlyEndedElsewhere(calls: Record<string, QueuedCall>): QueuedCall[] {
  return Object.values(calls)
    .filter((call) => call.state === 'endedElsewhere' && call.endedBy && call.endedStatus === 'answered')
    .sort((a, b) => b.learnedAt - a.learnedAt)
    .slice(0, 3);
}
