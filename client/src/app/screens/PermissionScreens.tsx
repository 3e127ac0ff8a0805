import { selectCall, spokenDecision } from '@ringback/machines';
import type { PermissionEventPlaintext } from '@ringback/protocol';
import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useText } from '../../i18n';
import { readHistory } from '../../storage';
import { takenFromHereNotice, VOICE_UNAVAILABLE_NOTICE } from '../../ui';
import { PermissionCallScreen } from '../../ui/permission/PermissionCallScreen';
import { PermissionEndedScreen } from '../../ui/permission/PermissionEndedScreen';
import { PermissionIncomingScreen } from '../../ui/permission/PermissionIncomingScreen';
import { PermissionOutcomeScreen } from '../../ui/permission/PermissionOutcomeScreen';
import { agentLabel } from '../call-labels';
import {
  type DecisionSending,
  endedElsewhereText,
  permissionOutcomeOf,
  permissionRequestView,
  permissionTitle,
} from '../permission-view';
import { store } from '../services';
import type { CallPlayerActor } from '../session/call-player';
import type { ReplyActor } from '../session/call-replies';
import { useSession } from '../session-context';

/**
 * When the agent stops waiting, as this device's clock reads it: the queue's expiry, reckoned on
 * the relay's time (the computer's `expiresAt` is on its own clock, which this one may not share).
 */
function waitsUntil(permission: PermissionEventPlaintext, expiresAt: number | undefined): string {
  const at = new Date(expiresAt ?? permission.expiresAt);
  return Number.isNaN(at.getTime())
    ? permission.expiresAt
    : at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** A permission call ringing here. */
export function PermissionIncoming({
  eventId,
  permission,
  queueCount,
}: {
  eventId: string;
  permission: PermissionEventPlaintext;
  queueCount: number;
}) {
  const { session } = useSession();
  const t = useText();
  const expiresAt = useSelector(session.queue, (state) => selectCall(state, eventId)?.report.expiresAt);
  return (
    <PermissionIncomingScreen
      callerName={agentLabel(permission.request.source)}
      request={permissionRequestView(permission, t)}
      waitsUntil={waitsUntil(permission, expiresAt)}
      queueCount={queueCount}
      onAllow={() => session.decidePermission(eventId, { behavior: 'allow', via: 'tap' })}
      onDeny={(message) =>
        session.decidePermission(eventId, { behavior: 'deny', via: 'tap', ...(message ? { message } : {}) })
      }
      onListen={() => session.answer(eventId)}
    />
  );
}

/** In a permission call: the player reads the lines; a decision ends the call. */
export function PermissionCall({
  call,
  permission,
}: {
  call: { eventId: string; player: CallPlayerActor; answeredAt: number };
  permission: PermissionEventPlaintext;
}) {
  const { session } = useSession();
  const t = useText();
  const { player, eventId } = call;
  const segments = useSelector(player, (s) => s.context.segments);
  const position = useSelector(player, (s) => s.context.position);
  const notices = useSelector(player, (s) => s.context.notices);
  const takenBy = useSyncExternalStore(
    session.view.subscribe,
    () => session.view.get().takenFromHere[eventId],
  );
  const elapsedMs = useElapsed(call.answeredAt);
  return (
    <PermissionCallScreen
      callerName={agentLabel(permission.request.source)}
      request={permissionRequestView(permission, t)}
      elapsedMs={elapsedMs}
      caption={segments[position.segment]?.sentences[position.sentence] ?? null}
      notices={[
        ...(takenBy !== undefined ? [takenFromHereNotice(takenBy)] : []),
        ...(notices.voiceUnavailable ? [VOICE_UNAVAILABLE_NOTICE] : []),
      ]}
      hear={(transcript) => spokenDecision(transcript, permission.language)}
      onAllow={(via) => session.decidePermission(eventId, { behavior: 'allow', via })}
      onDeny={(message, via) =>
        session.decidePermission(eventId, { behavior: 'deny', via, ...(message ? { message } : {}) })
      }
      onRecordingStart={() => {
        if (player.getSnapshot().hasTag('playing')) player.send({ type: 'interrupt' });
      }}
      onHangUp={() => player.send({ type: 'hangUp' })}
    />
  );
}

/** After the decision: the reply machine's progress, and what the computer made of it. */
export function PermissionOutcome({ eventId, actor }: { eventId: string; actor: ReplyActor }) {
  const { session } = useSession();
  const t = useText();
  const value = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'sending'));
  const reason = useSelector(actor, (s) => s.context.reason);
  const historyVersion = useSyncExternalStore(
    session.view.subscribe,
    () => session.view.get().historyVersion,
  );
  void historyVersion;
  const record = readHistory(store, eventId);
  const outcome = record && permissionOutcomeOf(record, value as DecisionSending, reason);
  if (!record?.permission || !outcome) return null;
  return (
    <PermissionOutcomeScreen
      callerName={agentLabel(record.permission.request.request.source)}
      title={permissionTitle(record.permission.request, t)}
      behavior={outcome.behavior}
      message={outcome.message}
      delivery={outcome.delivery}
      onRetry={() => actor.send({ type: 'reply.retry' })}
      onDone={() => session.closeReply({ skip: false })}
    />
  );
}

/** A permission call that ended at the computer or on another device while it rang or was in call here. */
export function PermissionEnded({
  eventId,
  by,
}: {
  eventId: string;
  by: { deviceId: string; name: string } | null;
}) {
  const { session } = useSession();
  const t = useText();
  // Read again when history changes: the computer's word on another device's decision comes later.
  const historyVersion = useSyncExternalStore(
    session.view.subscribe,
    () => session.view.get().historyVersion,
  );
  void historyVersion;
  const kept = readHistory(store, eventId)?.permission;
  const permission = session.openedEvent(eventId)?.permission ?? kept?.request;
  if (!permission) return null;
  return (
    <PermissionEndedScreen
      callerName={agentLabel(permission.request.source)}
      title={permissionTitle(permission, t)}
      where={endedElsewhereText(permission, by, t, kept?.outcome)}
      onClose={() => session.closePermissionEnded()}
    />
  );
}

function useElapsed(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, now - since);
}
