import { assertEvent, assign, type ParameterizedObject } from 'xstate';
import {
  acknowledgeableIds,
  arrivalState,
  isPreparing,
  isReadyToRing,
  moveCalls,
  patchCall,
  pruneSettled,
  rememberAnswered,
  restoreCalls,
  withUnwritten,
} from './call-queue-rules';
import { type StatusWriter, startWriter, statusWriterId, writingStatuses } from './call-queue-status-writers';
import type {
  CallQueueContext,
  CallQueueEvent,
  QueuedCall,
  QueuedCallState,
  WrittenCallStatus,
} from './call-queue-types';
import { headCall } from './call-ranking';

export type CallParams = { eventId: string };
export type StatusParams = { eventId: string; status: WrittenCallStatus };

/** `assign` typed for the call queue, so its actions can be written apart from `setup`. */
function assignQueue<TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assignment: Parameters<
    typeof assign<CallQueueContext, CallQueueEvent, TParams, CallQueueEvent, StatusWriter>
  >[0],
) {
  return assign<CallQueueContext, CallQueueEvent, TParams, CallQueueEvent, StatusWriter>(assignment);
}

/**
 * What the call queue does on its transitions: the record changes, the status writers it starts
 * and stops, and the effects the host provides (`startRinging`, `stopRinging`, `persist`).
 */
export const callQueueActions = {
  /** Writes what the event's call has unconfirmed (answer, decline, hang-up). */
  writeStatus: writingStatuses((args) => {
    const { event } = args;
    if ('eventId' in event) startWriter(args, args.context.calls, event.eventId);
  }),
  stopStatusWriter: writingStatuses(({ event, enqueue }) => {
    if ('eventId' in event) enqueue.stopChild(statusWriterId(event.eventId));
  }),
  startRinging: (_: unknown, _params: CallParams) => {},
  stopRinging: (_: unknown, _params: CallParams) => {},
  persist: () => {},
  receiveReport: assignQueue(({ context, event }) => {
    assertEvent(event, 'report.received');
    const call: QueuedCall = {
      report: event.report,
      learnedAt: event.learnedAt,
      state: arrivalState(event.report, event.learnedAt, context.mayRing),
    };
    return { calls: { ...context.calls, [event.report.eventId]: call } };
  }),
  /**
   * A call the relay returned to `pending`: missed when it was known here (it rang here, or this
   * device answered it before: it never rings twice on one device), by the arrival rules when new;
   * its id leaves the answered ones, so it can be answered again here.
   */
  returnCall: assignQueue(({ context, event }) => {
    assertEvent(event, 'call.returned');
    const id = event.report.eventId;
    const known = context.calls[id];
    const seenHere = known !== undefined || context.answered.includes(id);
    const learnedAt = known?.learnedAt ?? event.learnedAt;
    const call: QueuedCall = {
      report: known?.report ?? event.report,
      learnedAt,
      state: seenHere ? 'missed' : arrivalState(event.report, event.learnedAt, context.mayRing),
      ...(event.by ? { unfinishedBy: event.by } : {}),
    };
    return {
      calls: { ...context.calls, [id]: call },
      answered: context.answered.filter((answered) => answered !== id),
    };
  }),
  /**
   * Taken back by this device: in the call again, as if just answered (the relay has the answer,
   * so nothing is written), unless another call is in the call or ringing here, which it does not
   * interrupt: then it waits as a missed call to answer. Who had it before is forgotten.
   */
  takeBackCall: assignQueue(({ context, event }) => {
    assertEvent(event, 'call.answeredHere');
    const id = event.eventId;
    const known = context.calls[id];
    if (!known) return {};
    const busy = Object.values(context.calls).some(
      (call) => call.state === 'inCall' || call.state === 'ringing',
    );
    const { endedBy: _by, endedStatus: _status, unfinishedBy: _unfinished, ...call } = known;
    return {
      calls: { ...context.calls, [id]: { ...call, state: busy ? 'missed' : 'inCall' } },
      answered: rememberAnswered(context.answered, id),
    };
  }),
  applyRingPolicy: assignQueue(({ context, event }) => {
    assertEvent(event, 'ringPolicy.changed');
    // A no-ring period silences the one ringing too (judgement: the table names queued calls,
    // but ringing on into a quiet period is what the schedule exists to prevent).
    const calls = event.mayRing ? context.calls : moveCalls(context.calls, ['queued', 'ringing'], 'missed');
    return { mayRing: event.mayRing, calls };
  }),
  setCallState: assignQueue(
    ({ context }, params: CallParams & { state: QueuedCallState; patch?: Partial<QueuedCall> }) => ({
      calls: pruneSettled(patchCall(context.calls, params.eventId, { ...params.patch, state: params.state })),
    }),
  ),
  answerCall: assignQueue(({ context }, params: CallParams) => {
    // Answering a missed call while another rings: that one was seen and passed over.
    const calls = moveCalls(context.calls, ['ringing'], 'missed');
    const call = calls[params.eventId];
    return {
      calls: call
        ? { ...calls, [params.eventId]: { ...withUnwritten(call, 'answered'), state: 'inCall' as const } }
        : calls,
      answered: rememberAnswered(context.answered, params.eventId),
    };
  }),
  /**
   * A permission call decided here: answered first when it was not yet (the relay takes the reply
   * only from the device that answered), then ended; both statuses written in that order.
   */
  decideCall: assignQueue(({ context }, params: CallParams) => {
    const call = context.calls[params.eventId];
    if (!call) return {};
    const answered = call.state === 'inCall' ? call : withUnwritten(call, 'answered');
    const next = { ...withUnwritten(answered, 'completed'), state: 'ended' as const };
    return {
      calls: pruneSettled({ ...context.calls, [params.eventId]: next }),
      answered: rememberAnswered(context.answered, params.eventId),
    };
  }),
  /** Sets a call's state and adds the status this device writes for it. */
  endCall: assignQueue(
    ({ context }, params: CallParams & { state: QueuedCallState; status: WrittenCallStatus }) => {
      const call = context.calls[params.eventId];
      if (!call) return {};
      const next = { ...withUnwritten(call, params.status), state: params.state };
      return { calls: pruneSettled({ ...context.calls, [params.eventId]: next }) };
    },
  ),
  confirmStatus: assignQueue(({ context }, params: StatusParams) => {
    const unwritten = context.calls[params.eventId]?.unwritten ?? [];
    const left = unwritten.slice(unwritten.indexOf(params.status) + 1);
    return {
      calls: patchCall(context.calls, params.eventId, { unwritten: left.length ? left : undefined }),
    };
  }),
  forgetUnwritten: assignQueue(({ context }, params: CallParams) => ({
    calls: patchCall(context.calls, params.eventId, { unwritten: undefined }),
  })),
  acknowledgeAll: writingStatuses((args) => {
    const { context, event, enqueue } = args;
    assertEvent(event, 'missed.acknowledgeAll');
    const ids = acknowledgeableIds(context.calls, event.eventIds);
    const calls = { ...context.calls };
    for (const id of ids) {
      const call = calls[id];
      if (call) calls[id] = { ...withUnwritten(call, 'acknowledged'), state: 'acknowledged' };
    }
    const pruned = pruneSettled(calls);
    enqueue.assign({ calls: pruned });
    for (const id of ids) startWriter(args, pruned, id);
  }),
  restoreSession: writingStatuses((args) => {
    const { context, event, enqueue } = args;
    assertEvent(event, 'session.restored');
    const mayRing = event.mayRing ?? context.mayRing;
    // Ready calls restored into a quiet period are missed at once; the rest as the restart rows say.
    const quiet = mayRing ? context.calls : moveCalls(context.calls, ['queued', 'ringing'], 'missed');
    const restored = restoreCalls(quiet, event.now);
    const calls = restored.calls;
    enqueue.assign({ calls, mayRing });
    for (const eventId of restored.rewrite) startWriter(args, calls, eventId);
  }),
  pickPreparation: assignQueue(({ context }) => ({
    preparingId: headCall(context.calls, isPreparing)?.report.eventId ?? null,
  })),
  markPrepared: assignQueue(({ context }) => {
    const id = context.preparingId ?? '';
    // Ready in a no-ring period: it will not ring when ringing returns, so it is missed now.
    const state = context.mayRing ? 'queued' : 'missed';
    return { preparingId: null, calls: patchCall(context.calls, id, { state }) };
  }),
  markPreparationFailed: assignQueue(({ context }, params: { failure: string }) => ({
    preparingId: null,
    calls: patchCall(context.calls, context.preparingId ?? '', {
      state: 'failed',
      failure: params.failure,
    }),
  })),
  clearPreparation: assignQueue({ preparingId: null }),
  ringHead: assignQueue(({ context }) => {
    const id = headCall(context.calls, isReadyToRing)?.report.eventId ?? '';
    return { ringingId: id, calls: patchCall(context.calls, id, { state: 'ringing' }) };
  }),
  missRingingCall: assignQueue(({ context }) => ({
    calls: patchCall(context.calls, context.ringingId ?? '', { state: 'missed' }),
  })),
  clearRinging: assignQueue({ ringingId: null }),
};
