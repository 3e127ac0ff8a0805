import type { QueuedCall } from '@ringback/machines';
import {
  isExpired,
  sameCalls,
  selectFailedCalls,
  selectMissedCalls,
  selectPreparingCount,
} from '@ringback/machines';
import type { EventReport } from '@ringback/protocol';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ALL_TAB_ID, arrangeCalls, type CallPlacement } from '../../calls';
import { briefWithFormOfAddress, formatCallTime, resumeCommand } from '../../format';
import { useText } from '../../i18n';
import { type CallRecord, listDeclinesWithoutWords, listHistory } from '../../storage';
import { copyText, type HistoryRow, IdlePage, type MissedCall } from '../../ui';
import { briefFailureWords, latestBriefFailure } from '../brief-failure';
import { briefLanguageOf } from '../brief-language';
import { callerName, callPreview } from '../call-labels';
import { statusLabelOf } from '../history-labels';
import { historyRowWithoutWords } from '../history-row-without-words';
import { nextExpiry } from '../permission-expiry';
import { permissionRowTitle } from '../permission-view';
import { ringVerdictNow, verdictText } from '../ring-schedule';
import { store } from '../services';
import { refreshTrackerCalls } from '../session/refresh-tracker-calls';
import { useSession } from '../session-context';
import { useComputer } from '../settings/use-computer';
import { statusItems } from '../status-items';
import { TRACKER_PRIORITY_RANK } from '../tracker-priority';

interface Props {
  historyVersion: number;
  onOpenCall(eventId: string): void;
  /** The settings list, or one of its pages (`llm`). */
  onOpenSettings(page?: string): void;
  onDispatch?(): void;
}

/** Where a call goes on the calls page: its project's tab and group, and its place in the order. */
function placementOf(
  report: EventReport,
  record?: CallRecord,
): Omit<CallPlacement, 'eventId' | 'occurredAt'> {
  if (report.source !== 'tracker') return {};
  return {
    project: record ? (record.project ?? null) : report.project,
    workspaceName: report.workspaceName,
    priority: record?.priority ?? TRACKER_PRIORITY_RANK[report.priority],
    updatedAt: record?.updatedAt ?? report.updatedAt,
  };
}

const coarsePointer = () => globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;

export function IdleScreen({ historyVersion, onOpenCall, onOpenSettings, onDispatch }: Props) {
  const { session, settings } = useSession();
  const t = useText();
  const computer = useComputer();
  const [tabId, setTabId] = useState(ALL_TAB_ID);
  const [refreshed, setRefreshed] = useState(0);
  // Opening the calls page reads every tracker call's issue again (priority, update time, project).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page
  useEffect(() => {
    void refreshTrackerCalls(store, (path, body) => computer('POST', path, body))
      .then((changed) => changed > 0 && setRefreshed((n) => n + 1))
      .catch(() => undefined);
  }, []);
  const view = useSyncExternalStore(session.view.subscribe, session.view.get);
  const verdict = useSyncExternalStore(ringVerdictNow.subscribe, ringVerdictNow.get);
  const missed = useSelector(session.queue, selectMissedCalls, sameCalls);
  const failed = useSelector(session.queue, selectFailedCalls, sameCalls);
  const preparing = useSelector(session.queue, selectPreparingCount);
  // A missed permission call turns expired on screen when its agent stops waiting.
  const [, setClock] = useState(0);
  const soonest = nextExpiry(missed, Date.now());
  useEffect(() => {
    if (soonest === null) return;
    const timer = setTimeout(() => setClock((tick) => tick + 1), Math.max(0, soonest - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [soonest]);
  const endedElsewhere = useSelector(
    session.queue,
    (s) => recentlyEndedElsewhere(s.context.calls),
    sameCalls,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: historyVersion and refreshed say storage changed
  const history = useMemo(() => listHistory(store), [historyVersion, refreshed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: historyVersion says storage changed
  const declinedWithoutWords = useMemo(() => listDeclinesWithoutWords(store), [historyVersion]);

  const row = (call: QueuedCall): (MissedCall & CallPlacement) | null => {
    const event = session.openedEvent(call.report.eventId);
    if (!event) return null;
    const { report } = event.plaintext;
    return {
      eventId: call.report.eventId,
      title: event.permission
        ? permissionRowTitle(event.permission, t)
        : callPreview(event.brief, report.text),
      agentLabel: callerName(report),
      callTime: formatCallTime(call.report.occurredAt),
      occurredAt: new Date(call.report.occurredAt).toISOString(),
      ...(report.source === 'tracker'
        ? { updatedTimeTitle: t('Issue updated {time}', { time: formatCallTime(report.updatedAt) }) }
        : {}),
      ...placementOf(report),
      ...(isExpired(call.report, Date.now())
        ? { expired: t('The agent stopped waiting; answer at the computer') }
        : {}),
    };
  };
  const recordRows: (HistoryRow & CallPlacement)[] = history.map((record) => {
    // A permission call's session is waiting on its prompt, not done: nothing to resume.
    const command = record.permission ? null : resumeCommand(record.report);
    return {
      eventId: record.eventId,
      title: record.permission
        ? permissionRowTitle(record.permission.request, t)
        : callPreview(
            record.brief && briefWithFormOfAddress(record.brief, settings.formOfAddress),
            record.report.text,
          ),
      agentLabel: callerName(record.report),
      callTime: formatCallTime(record.callTime ?? record.occurredAt),
      occurredAt: record.occurredAt,
      ...(record.updatedAt
        ? { updatedTimeTitle: t('Issue updated {time}', { time: formatCallTime(record.updatedAt) }) }
        : {}),
      statusLabel: statusLabelOf(record, t),
      ...(record.brief?.status === 'failed' ? { briefFailed: true } : {}),
      ...(command ? { resumeCommand: command } : {}),
      ...placementOf(record.report, record),
    };
  });
  // Calls declined from their notification before this device had their words: what is known.
  const historyRows = [
    ...recordRows,
    ...declinedWithoutWords.map((decline) => historyRowWithoutWords(decline, t)),
  ].sort(newestFirst);
  const missedRows = missed.flatMap((call) => row(call) ?? []);
  const workspaces = new Set(
    [...historyRows, ...missedRows].flatMap((call) => (call.workspaceName ? [call.workspaceName] : [])),
  );
  const calls = arrangeCalls({
    history: historyRows,
    missed: missedRows,
    severalWorkspaces: workspaces.size > 1,
    tabId,
  });
  // The newest call, answered or still waiting, says whether the computer can write briefs now.
  const lastFailure = latestBriefFailure([
    ...history.map((record) => ({
      eventId: record.eventId,
      occurredAt: record.occurredAt,
      brief: record.brief,
    })),
    ...missed.flatMap((call) => {
      const event = session.openedEvent(call.report.eventId);
      return event ? [{ eventId: event.eventId, occurredAt: event.occurredAt, brief: event.brief }] : [];
    }),
  ]);
  const lastFailureWords = lastFailure && briefFailureWords(lastFailure.reason);
  const wrongKey = view.undecryptable.filter((failure) => failure.reason === 'key');
  const unreadable = view.undecryptable.flatMap((failure) => (failure.reason === 'schema' ? [failure] : []));
  const notices = [
    ...(wrongKey.length > 0
      ? [
          t(
            wrongKey.length === 1
              ? '{count} call could not be decrypted: this device holds a different end-to-end key than the computer'
              : '{count} calls could not be decrypted: this device holds a different end-to-end key than the computer',
            { count: wrongKey.length },
          ),
        ]
      : []),
    // Opened with the right key, yet not a call this version reads: the two sides' versions differ.
    ...unreadable.map((failure) =>
      t(
        'A call arrived that this app cannot read: the computer runs another version of Ringback ({detail}). Update the app and the computer to the same version.',
        { detail: failure.detail },
      ),
    ),
    ...endedElsewhere.map((call) =>
      t('A call was answered on {device}', { device: call.endedBy?.name ?? t('another device') }),
    ),
  ];

  return (
    <IdlePage
      connection={view.connection}
      statusItems={statusItems(
        view.connection,
        settings,
        briefLanguageOf(settings),
        {
          mayRing: verdict.mayRing,
          text: verdictText(verdict, t),
        },
        t,
      )}
      notices={notices}
      preparingCount={preparing}
      {...(lastFailureWords
        ? {
            lastBriefFailure: {
              text: lastFailureWords.text,
              ...(lastFailureWords.values ? { values: lastFailureWords.values } : {}),
              ...(lastFailureWords.fix
                ? { onFix: () => onOpenSettings(lastFailureWords.fix ?? undefined) }
                : {}),
            },
          }
        : {})}
      failed={failed.flatMap((call) => {
        const base = row(call);
        return base
          ? [{ eventId: base.eventId, title: base.title, reason: call.failure ?? t('the voice failed') }]
          : [];
      })}
      missed={calls.missed}
      history={calls.history}
      calls={{
        tabs: calls.tabs,
        currentTabId: calls.currentTabId,
        onSelectTab: setTabId,
        pointer: coarsePointer() ? 'coarse' : 'fine',
        missedGroups: calls.missedGroups,
        historyGroups: calls.historyGroups,
      }}
      {...(onDispatch ? { onDispatch } : {})}
      onRetry={(eventId) => session.queue.send({ type: 'failed.retry', eventId })}
      onIgnore={(eventId) => session.queue.send({ type: 'failed.ignore', eventId })}
      onAnswerMissed={(eventId) => session.answer(eventId)}
      onAcknowledgeAll={(eventIds) => session.acknowledgeAll(eventIds)}
      onReplay={(eventId) => session.replay(eventId)}
      onOpenCall={onOpenCall}
      onOpenSettings={() => onOpenSettings()}
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

/** History rows newest first, by when each call happened, as `listHistory` lists its own. */
function newestFirst(a: { occurredAt: string }, b: { occurredAt: string }): number {
  return (Date.parse(b.occurredAt) || 0) - (Date.parse(a.occurredAt) || 0);
}
