import type { CallParams, StatusParams } from './call-queue-actions';
import { acknowledgeableIds, isKnownReport, isPreparing, isReadyToRing } from './call-queue-rules';
import type { CallQueueContext, CallQueueEvent, QueuedCallState } from './call-queue-types';
import { headCall } from './call-ranking';

type QueueArgs = { context: CallQueueContext; event: CallQueueEvent };

/** What the call queue's transitions and eventless moves check. */
export const callQueueGuards = {
  isNewReport: ({ context, event }: QueueArgs) =>
    event.type === 'report.received' && !isKnownReport(context, event.report.eventId),
  /**
   * A returned call comes back unless it is live here already or this device finished it: one
   * unknown here, only among the answered ids, or ended on another device.
   */
  isReturnable: ({ context, event }: QueueArgs) => {
    if (event.type !== 'call.returned') return false;
    const state = context.calls[event.report.eventId]?.state;
    return state === undefined || state === 'endedElsewhere';
  },
  /** Taken back by this device: a call it dropped on another device's frame, or waits on as missed. */
  isTakenBack: ({ context, event }: QueueArgs) => {
    if (event.type !== 'call.answeredHere') return false;
    const state = context.calls[event.eventId]?.state;
    return state === 'endedElsewhere' || state === 'missed';
  },
  callIn: ({ context }: QueueArgs, params: CallParams & { states: readonly QueuedCallState[] }) => {
    const call = context.calls[params.eventId];
    return call !== undefined && params.states.includes(call.state);
  },
  isAnswerable: ({ context }: QueueArgs, params: CallParams) => {
    const state = context.calls[params.eventId]?.state;
    if (state === 'ringing') return true;
    // One call at a time: a missed call waits until the current one is hung up.
    return state === 'missed' && !Object.values(context.calls).some((call) => call.state === 'inCall');
  },
  isUnconfirmed: ({ context }: QueueArgs, params: StatusParams) =>
    context.calls[params.eventId]?.unwritten?.includes(params.status) ?? false,
  /** A status frame from another device: ends the call here, even one this device is in. */
  endedElsewhereApplies: ({ context }: QueueArgs, params: CallParams & { by: boolean }) => {
    const state = context.calls[params.eventId]?.state;
    if (state === undefined) return false;
    if (['preparing', 'failed', 'queued', 'ringing', 'missed'].includes(state)) return true;
    // In a call here and another device is named as having it: that device won the race,
    // whatever this device's own answer still in flight will be told.
    return state === 'inCall' && params.by;
  },
  hasAcknowledgeable: ({ context, event }: QueueArgs) =>
    event.type === 'missed.acknowledgeAll' && acknowledgeableIds(context.calls, event.eventIds).length > 0,
  hasPreparingCall: ({ context }: QueueArgs) => headCall(context.calls, isPreparing) !== undefined,
  preparedCallGone: ({ context }: QueueArgs) =>
    context.calls[context.preparingId ?? '']?.state !== 'preparing',
  canRingHead: ({ context }: QueueArgs) =>
    context.mayRing &&
    !Object.values(context.calls).some((call) => call.state === 'ringing' || call.state === 'inCall') &&
    headCall(context.calls, isReadyToRing) !== undefined,
  ringingCallGone: ({ context }: QueueArgs) => context.calls[context.ringingId ?? '']?.state !== 'ringing',
  hasCallInCall: ({ context }: QueueArgs) =>
    Object.values(context.calls).some((call) => call.state === 'inCall'),
};
