import { assertEvent, assign, enqueueActions, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import { statusWriteMachine } from '../status-write/status-write-machine';
import {
  acknowledgeableIds,
  arrivalState,
  isKnownReport,
  LIVE_STATES,
  MAX_ANSWERED_IDS,
  moveCalls,
  patchCall,
  pruneSettled,
  rememberAnswered,
  restoreCalls,
  withUnwritten,
} from './call-queue-rules';
import type {
  CallQueueContext,
  CallQueueEvent,
  CallQueueInput,
  QueuedCall,
  QueuedCallState,
  WrittenCallStatus,
} from './call-queue-types';
import { headCall } from './call-ranking';

/** How long a call rings unanswered before it is missed: about what a phone rings before voicemail. */
export const RING_TIMEOUT_MS = 45_000;
/**
 * How long preparing one call's speech may take before it is failed (Retry and Ignore on the idle
 * page) and the queue moves on: a 20-sentence brief takes seconds, so this is a hung voice.
 */
export const PREPARE_DEADLINE_MS = 90_000;

type CallParams = { eventId: string };
type StatusParams = { eventId: string; status: WrittenCallStatus };

/** The child that writes one call's statuses (one at a time per call). */
export const statusWriterId = (eventId: string) => `status:${eventId}`;

type StatusWriter = { src: 'writeStatus'; logic: typeof statusWriteMachine; id: string | undefined };
type WritingArgs = Parameters<
  Parameters<
    typeof enqueueActions<
      CallQueueContext,
      CallQueueEvent,
      undefined,
      CallQueueEvent,
      StatusWriter,
      never,
      never,
      never,
      never
    >
  >[0]
>[0];

/** Lets the actions below spawn status writers with their types known. */
function writingStatuses(collect: (args: WritingArgs) => void) {
  return enqueueActions<
    CallQueueContext,
    CallQueueEvent,
    undefined,
    CallQueueEvent,
    StatusWriter,
    never,
    never,
    never,
    never
  >(collect);
}

/**
 * A new writer replaces the call's old one and writes everything still unconfirmed, in order
 * (`completed` after the `answered` it needs).
 */
function startWriter(
  { enqueue }: Pick<WritingArgs, 'enqueue'>,
  calls: CallQueueContext['calls'],
  eventId: string,
) {
  enqueue.stopChild(statusWriterId(eventId));
  const statuses = calls[eventId]?.unwritten ?? [];
  if (statuses.length > 0)
    enqueue.spawnChild('writeStatus', { id: statusWriterId(eventId), input: { eventId, statuses } });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const isReady = (call: QueuedCall) => call.state === 'queued';
const isPreparing = (call: QueuedCall) => call.state === 'preparing';

/**
 * Every incoming call on this device, one record each in `context.calls`. Two regions work on
 * them: `preparation` synthesises the speech of one call at a time (the highest-ranked one
 * waiting), and `ringer` rings the highest-ranked ready call while nothing is on screen, so a
 * more urgent report that becomes ready overtakes the queue head until that head rings. Both
 * regions follow the records through eventless transitions, so any event that changes a record
 * (here, elsewhere, on restore) moves them. The host provides `prepareSpeech`, the status
 * write-back, the ringtone and `persist` (a signal: read `getPersistedSnapshot()` once the
 * current event is processed, e.g. in a microtask).
 */
export const callQueueMachine = setup({
  types: {} as { context: CallQueueContext; events: CallQueueEvent; input: CallQueueInput },
  actors: {
    prepareSpeech: fromPromise<void, CallParams>(async () => {
      throw new Error('prepareSpeech is provided by the host');
    }),
    /** The host provides it with its `postStatus` (and jittered retry delay). */
    writeStatus: statusWriteMachine,
  },
  actions: {
    /** Writes what the event's call has unconfirmed (answer, decline, hang-up). */
    writeStatus: writingStatuses((args) => {
      const { event } = args;
      if ('eventId' in event) startWriter(args, args.context.calls, event.eventId);
    }),
    stopStatusWriter: writingStatuses(({ event, enqueue }) => {
      if ('eventId' in event) enqueue.stopChild(statusWriterId(event.eventId));
    }),
    startRinging: (_, _params: CallParams) => {},
    stopRinging: (_, _params: CallParams) => {},
    persist: () => {},
    receiveReport: assign(({ context, event }) => {
      assertEvent(event, 'report.received');
      const call: QueuedCall = {
        report: event.report,
        learnedAt: event.learnedAt,
        state: arrivalState(event.report, event.learnedAt, context.mayRing),
      };
      return { calls: { ...context.calls, [event.report.eventId]: call } };
    }),
    applyRingPolicy: assign(({ context, event }) => {
      assertEvent(event, 'ringPolicy.changed');
      // A no-ring period silences the one ringing too (judgement: the table names queued calls,
      // but ringing on into a quiet period is what the schedule exists to prevent).
      const calls = event.mayRing ? context.calls : moveCalls(context.calls, ['queued', 'ringing'], 'missed');
      return { mayRing: event.mayRing, calls };
    }),
    setCallState: assign(
      ({ context }, params: CallParams & { state: QueuedCallState; patch?: Partial<QueuedCall> }) => ({
        calls: pruneSettled(
          patchCall(context.calls, params.eventId, { ...params.patch, state: params.state }),
        ),
      }),
    ),
    answerCall: assign(({ context }, params: CallParams) => {
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
    /** Sets a call's state and adds the status this device writes for it. */
    endCall: assign(
      ({ context }, params: CallParams & { state: QueuedCallState; status: WrittenCallStatus }) => {
        const call = context.calls[params.eventId];
        if (!call) return {};
        const next = { ...withUnwritten(call, params.status), state: params.state };
        return { calls: pruneSettled({ ...context.calls, [params.eventId]: next }) };
      },
    ),
    confirmStatus: assign(({ context }, params: StatusParams) => {
      const unwritten = context.calls[params.eventId]?.unwritten ?? [];
      const left = unwritten.slice(unwritten.indexOf(params.status) + 1);
      return {
        calls: patchCall(context.calls, params.eventId, { unwritten: left.length ? left : undefined }),
      };
    }),
    forgetUnwritten: assign(({ context }, params: CallParams) => ({
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
    pickPreparation: assign(({ context }) => ({
      preparingId: headCall(context.calls, isPreparing)?.report.eventId ?? null,
    })),
    markPrepared: assign(({ context }) => {
      const id = context.preparingId ?? '';
      // Ready in a no-ring period: it will not ring when ringing returns, so it is missed now.
      const state = context.mayRing ? 'queued' : 'missed';
      return { preparingId: null, calls: patchCall(context.calls, id, { state }) };
    }),
    markPreparationFailed: assign(({ context }, params: { failure: string }) => ({
      preparingId: null,
      calls: patchCall(context.calls, context.preparingId ?? '', {
        state: 'failed',
        failure: params.failure,
      }),
    })),
    clearPreparation: assign({ preparingId: null }),
    ringHead: assign(({ context }) => {
      const id = headCall(context.calls, isReady)?.report.eventId ?? '';
      return { ringingId: id, calls: patchCall(context.calls, id, { state: 'ringing' }) };
    }),
    missRingingCall: assign(({ context }) => ({
      calls: patchCall(context.calls, context.ringingId ?? '', { state: 'missed' }),
    })),
    clearRinging: assign({ ringingId: null }),
  },
  guards: {
    isNewReport: ({ context, event }) =>
      event.type === 'report.received' && !isKnownReport(context, event.report.eventId),
    callIn: ({ context }, params: CallParams & { states: readonly QueuedCallState[] }) => {
      const call = context.calls[params.eventId];
      return call !== undefined && params.states.includes(call.state);
    },
    isAnswerable: ({ context }, params: CallParams) => {
      const state = context.calls[params.eventId]?.state;
      if (state === 'ringing') return true;
      // One call at a time: a missed call waits until the current one is hung up.
      return state === 'missed' && !Object.values(context.calls).some((call) => call.state === 'inCall');
    },
    isUnconfirmed: ({ context }, params: StatusParams) =>
      context.calls[params.eventId]?.unwritten?.includes(params.status) ?? false,
    /** A status frame from another device: ends the call here, even one this device is in. */
    endedElsewhereApplies: ({ context }, params: CallParams & { by: boolean }) => {
      const state = context.calls[params.eventId]?.state;
      if (state === undefined) return false;
      if (['preparing', 'failed', 'queued', 'ringing', 'missed'].includes(state)) return true;
      // In a call here and another device is named as having it: that device won the race,
      // whatever this device's own answer still in flight will be told.
      return state === 'inCall' && params.by;
    },
    hasAcknowledgeable: ({ context, event }) =>
      event.type === 'missed.acknowledgeAll' && acknowledgeableIds(context.calls, event.eventIds).length > 0,
    hasPreparingCall: ({ context }) => headCall(context.calls, isPreparing) !== undefined,
    preparedCallGone: ({ context }) => context.calls[context.preparingId ?? '']?.state !== 'preparing',
    canRingHead: ({ context }) =>
      context.mayRing &&
      !Object.values(context.calls).some((call) => call.state === 'ringing' || call.state === 'inCall') &&
      headCall(context.calls, isReady) !== undefined,
    ringingCallGone: ({ context }) => context.calls[context.ringingId ?? '']?.state !== 'ringing',
    hasCallInCall: ({ context }) => Object.values(context.calls).some((call) => call.state === 'inCall'),
  },
  delays: { ringTimeout: RING_TIMEOUT_MS, prepareDeadline: PREPARE_DEADLINE_MS },
}).createMachine({
  id: 'callQueue',
  context: ({ input }) => ({
    schemaVersion: 1,
    calls: {},
    answered: (input.answered ?? []).slice(-MAX_ANSWERED_IDS),
    mayRing: input.mayRing ?? true,
    preparingId: null,
    ringingId: null,
  }),
  type: 'parallel',
  on: {
    'report.received': { guard: 'isNewReport', actions: ['receiveReport', 'persist'] },
    'ringPolicy.changed': { actions: ['applyRingPolicy', 'persist'] },
    'call.answer': {
      guard: { type: 'isAnswerable', params: ({ event }) => ({ eventId: event.eventId }) },
      actions: [
        { type: 'answerCall', params: ({ event }) => ({ eventId: event.eventId }) },
        'writeStatus',
        'persist',
      ],
    },
    'call.decline': {
      guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: ['ringing'] }) },
      actions: [
        {
          type: 'endCall',
          params: ({ event }) => ({ eventId: event.eventId, state: 'declined', status: 'rejected' }),
        },
        'writeStatus',
        'persist',
      ],
    },
    'call.hangUp': {
      guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: ['inCall'] }) },
      actions: [
        {
          type: 'endCall',
          params: ({ event }) => ({ eventId: event.eventId, state: 'ended', status: 'completed' }),
        },
        'writeStatus',
        'persist',
      ],
    },
    'call.taken': {
      guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: LIVE_STATES }) },
      actions: [
        {
          type: 'setCallState',
          params: ({ event }) => ({
            eventId: event.eventId,
            state: 'endedElsewhere',
            patch: { endedBy: event.by, endedStatus: 'answered', unwritten: undefined },
          }),
        },
        'stopStatusWriter',
        'persist',
      ],
    },
    'call.endedElsewhere': {
      guard: {
        type: 'endedElsewhereApplies',
        params: ({ event }) => ({ eventId: event.eventId, by: event.by !== undefined }),
      },
      actions: [
        {
          type: 'setCallState',
          params: ({ event }) => ({
            eventId: event.eventId,
            state: 'endedElsewhere',
            patch: event.by
              ? { endedBy: event.by, endedStatus: event.status, unwritten: undefined }
              : { endedStatus: event.status, unwritten: undefined },
          }),
        },
        'stopStatusWriter',
        'persist',
      ],
    },
    'status.written': {
      guard: {
        type: 'isUnconfirmed',
        params: ({ event }) => ({ eventId: event.eventId, status: event.status }),
      },
      actions: [
        { type: 'confirmStatus', params: ({ event }) => ({ eventId: event.eventId, status: event.status }) },
        'persist',
      ],
    },
    'status.gone': {
      actions: [{ type: 'forgetUnwritten', params: ({ event }) => ({ eventId: event.eventId }) }, 'persist'],
    },
    'failed.retry': {
      guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: ['failed'] }) },
      actions: [
        {
          type: 'setCallState',
          params: ({ event }) => ({
            eventId: event.eventId,
            state: 'preparing',
            patch: { failure: undefined },
          }),
        },
        'persist',
      ],
    },
    'failed.ignore': {
      guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: ['failed'] }) },
      actions: [
        { type: 'setCallState', params: ({ event }) => ({ eventId: event.eventId, state: 'ignored' }) },
        'persist',
      ],
    },
    'missed.acknowledgeAll': { guard: 'hasAcknowledgeable', actions: ['acknowledgeAll', 'persist'] },
    'session.restored': { actions: ['restoreSession', 'persist'] },
  },
  states: {
    preparation: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasPreparingCall', target: 'working', actions: 'pickPreparation' } },
        working: {
          // The call left `preparing` meanwhile (ended elsewhere, missed on restore): drop its work.
          always: { guard: 'preparedCallGone', target: 'idle', actions: 'clearPreparation' },
          after: {
            prepareDeadline: {
              target: 'idle',
              actions: [
                {
                  type: 'markPreparationFailed',
                  params: {
                    failure: `preparing the call took longer than ${PREPARE_DEADLINE_MS / 1000} s`,
                  },
                },
                'persist',
              ],
            },
          },
          invoke: {
            src: 'prepareSpeech',
            input: ({ context }) => ({ eventId: context.preparingId ?? '' }),
            onDone: { target: 'idle', actions: ['markPrepared', 'persist'] },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'markPreparationFailed',
                  params: ({ event }) => ({ failure: describe(event.error) }),
                },
                'persist',
              ],
            },
          },
        },
      },
    },
    ringer: {
      initial: 'idle',
      states: {
        idle: {
          entry: 'clearRinging',
          always: [
            { guard: 'hasCallInCall', target: 'inCall' },
            // Persisted as ringing at once, so a refresh from here on makes it missed, not rung again.
            { guard: 'canRingHead', target: 'ringing', actions: ['ringHead', 'persist'] },
          ],
        },
        ringing: {
          entry: { type: 'startRinging', params: ({ context }) => ({ eventId: context.ringingId ?? '' }) },
          exit: { type: 'stopRinging', params: ({ context }) => ({ eventId: context.ringingId ?? '' }) },
          always: { guard: 'ringingCallGone', target: 'idle' },
          after: { ringTimeout: { target: 'idle', actions: ['missRingingCall', 'persist'] } },
        },
        inCall: { always: { guard: not('hasCallInCall'), target: 'idle' } },
      },
    },
  },
});

export type CallQueueSnapshot = SnapshotFrom<typeof callQueueMachine>;
