import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  answerFailedNotice,
  InCallScreen,
  TapToStartCall,
  takenFromHereNotice,
  VOICE_UNAVAILABLE_NOTICE,
} from '../../ui';
import { briefFailureWords } from '../brief-failure';
import { callerName, callSubtitle } from '../call-labels';
import type { CallPlayerActor } from '../session/call-player';
import { useSession } from '../session-context';
import { PermissionCall } from './PermissionScreens';

interface Props {
  call: { eventId: string; player: CallPlayerActor; answeredAt: number };
}

/** The call in progress: the player machine decides, this only reads narrow values and sends events. */
export function CallScreen({ call }: Props) {
  const { session } = useSession();
  const permission = session.openedEvent(call.eventId)?.permission;
  if (permission) return <PermissionCall call={call} permission={permission} />;
  return <ReportCallScreen call={call} />;
}

function ReportCallScreen({ call }: Props) {
  const { session } = useSession();
  const { player } = call;
  const event = session.openedEvent(call.eventId);
  const segments = useSelector(player, (s) => s.context.segments);
  const position = useSelector(player, (s) => s.context.position);
  const playing = useSelector(player, (s) => s.hasTag('playing'));
  const answering = useSelector(player, (s) => s.hasTag('answering'));
  const answer = useSelector(player, (s) => s.context.answer);
  const conversation = useSelector(player, (s) => s.context.history);
  const decisions = useSelector(player, (s) => s.context.decisions);
  const notices = useSelector(player, (s) => s.context.notices);
  const canPrevious = useSelector(player, (s) => s.can({ type: 'segment.previous' }));
  const canNext = useSelector(player, (s) => s.can({ type: 'segment.next' }));
  const elapsedMs = useElapsed(call.answeredAt);
  // Answered from a notification, with sound held back until the page is tapped.
  const soundLocked = useSyncExternalStore(session.view.subscribe, () => session.view.get().soundLocked);
  const takenFromHere = useSyncExternalStore(session.view.subscribe, () => session.view.get().takenFromHere);
  const takenBy = takenFromHere[call.eventId];
  if (!event) return null;
  const { report } = event.plaintext;
  // Still rings and reads the report (README): the reason says why, and where to fix it.
  const failure = event.brief.status === 'failed' ? briefFailureWords(event.brief.reason) : null;
  return (
    <>
      <div inert={soundLocked}>
        <InCallScreen
          callerName={callerName(report)}
          subtitle={callSubtitle(report)}
          elapsedMs={elapsedMs}
          segments={segments}
          position={position}
          playing={playing}
          answering={answering}
          answerSentences={answer?.sentences ?? []}
          {...(answer
            ? { answerSentenceIndex: Math.min(answer.spoken, Math.max(0, answer.sentences.length - 1)) }
            : {})}
          conversation={conversation}
          decisions={decisions}
          notices={[
            ...(takenBy !== undefined ? [takenFromHereNotice(takenBy)] : []),
            ...(notices.voiceUnavailable ? [VOICE_UNAVAILABLE_NOTICE] : []),
            ...(notices.answerFailed !== null ? [answerFailedNotice(notices.answerFailed)] : []),
          ]}
          reportText={report.text}
          {...(failure
            ? { briefFailure: { text: failure.text, ...(failure.values ? { values: failure.values } : {}) } }
            : {})}
          canPrevious={canPrevious}
          canNext={canNext}
          onPause={() => player.send({ type: 'interrupt' })}
          onResume={() => player.send({ type: 'resume' })}
          onPreviousCard={() => player.send({ type: 'segment.previous' })}
          onNextCard={() => player.send({ type: 'segment.next' })}
          onSelectSegment={(index) => player.send({ type: 'segment.jump', index })}
          onDecide={(index, text) => player.send({ type: 'decision.make', index, answer: text })}
          onTyping={() => {
            if (player.getSnapshot().hasTag('playing')) player.send({ type: 'interrupt' });
          }}
          onRecordingStart={() => {
            // Speaking over the brief or an answer would be recorded too: both pause, as for typing.
            const now = player.getSnapshot();
            if (now.hasTag('playing') || now.hasTag('answering')) player.send({ type: 'interrupt' });
          }}
          onAsk={(text) => player.send({ type: 'question.ask', text })}
          onHangUp={() => player.send({ type: 'hangUp' })}
        />
      </div>
      {soundLocked && <TapToStartCall onTap={() => session.unlockSound()} />}
    </>
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
