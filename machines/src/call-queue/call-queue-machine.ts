import { fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import { statusWriteMachine } from '../status-write/status-write-machine';
import { type CallParams, callQueueActions } from './call-queue-actions';
import { callQueueGuards } from './call-queue-guards';
import { LIVE_STATES, MAX_ANSWERED_IDS } from './call-queue-rules';
import type { CallQueueContext, CallQueueEvent, CallQueueInput } from './call-queue-types';

/** How long a call rings unanswered before it is missed: about what a phone rings before voicemail. */
export const RING_TIMEOUT_MS = 45_000;
/**
 * How long preparing one call's speech may take before it is failed (Retry and Ignore on the idle
 * page) and the queue moves on: a 20-sentence brief takes seconds, so this is a hung voice.
 */
export const PREPARE_DEADLINE_MS = 90_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  actions: callQueueActions,
  guards: callQueueGuards,
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
    'call.decided': {
      guard: {
        type: 'callIn',
        params: ({ event }) => ({ eventId: event.eventId, states: ['ringing', 'missed', 'inCall'] }),
      },
      actions: [
        { type: 'decideCall', params: ({ event }) => ({ eventId: event.eventId }) },
        'writeStatus',
        'persist',
      ],
    },
    'call.taken': [
      {
        guard: { type: 'callIn', params: ({ event }) => ({ eventId: event.eventId, states: LIVE_STATES }) },
        actions: [
          {
            type: 'setCallState',
            params: ({ event }) => ({
              eventId: event.eventId,
              state: 'endedElsewhere',
              patch: { endedBy: event.by, endedStatus: event.status ?? 'answered', unwritten: undefined },
            }),
          },
          'stopStatusWriter',
          'persist',
        ],
      },
      // Ended here (declined, acknowledged, hung up) but the relay has it otherwise: the writes
      // it refused are dropped, or every reload would post them again.
      {
        actions: [
          { type: 'forgetUnwritten', params: ({ event }) => ({ eventId: event.eventId }) },
          'persist',
        ],
      },
    ],
    'call.returned': {
      guard: 'isReturnable',
      actions: ['returnCall', 'persist'],
    },
    'call.answeredHere': { guard: 'isTakenBack', actions: ['takeBackCall', 'persist'] },
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
