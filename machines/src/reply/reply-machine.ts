import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ReplyContext, ReplyEvent, ReplyInput, ReplyProgress, ReplySendResult } from './reply-types';
import { ReplyRefusedError } from './reply-types';

/**
 * How long one send may take before it counts as unsent (Retry offered): the relay answers in
 * well under a second, so this is a hung connection, and the user must never wait on it.
 */
export const REPLY_SEND_DEADLINE_MS = 30_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One call's reply after hang-up, persisted (keyed by the call's event id) so a reload or a killed
 * tab loses nothing: `editing` until the user sends or skips; `sending` posts it sealed (restored
 * there, it is posted again with the same reply id, and the relay keeps it once); `unsent` when
 * the post failed (Retry: same id, same words); then the relay's progress until `delivered`, or
 * `failed` when the computer could not deliver it (a new send takes a new id). `refused`: another
 * device answered the call, and only it may reply. The host provides `sendReply`.
 */
export const replyMachine = setup({
  types: {} as { context: ReplyContext; events: ReplyEvent; input: ReplyInput },
  actors: {
    sendReply: fromPromise<ReplySendResult, { eventId: string; replyId: string; text: string }>(async () => {
      throw new Error('sendReply is provided by the host');
    }),
  },
  actions: {
    takeWords: assign(({ event }) => {
      assertEvent(event, 'reply.send');
      return { text: event.text, replyId: event.replyId, reason: null };
    }),
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'reply.draft');
      return { defaultText: event.text };
    }),
    recordProgress: assign((_, params: { reason?: string | undefined }) => ({
      reason: params.reason ?? null,
    })),
    recordFailure: assign(({ event }) => {
      assertEvent(event, 'reply.progress');
      return { reason: event.reason ?? null };
    }),
    recordUnsent: assign((_, params: { reason: string }) => ({ reason: params.reason })),
    recordRefusal: assign((_, params: { error: unknown }) => ({
      answeredOn: params.error instanceof ReplyRefusedError ? params.error.answeredOn : null,
      reason: describe(params.error),
    })),
  },
  guards: {
    hasWords: ({ event }) => event.type === 'reply.send' && event.text.trim() !== '',
    refused: (_, params: { error: unknown }) => params.error instanceof ReplyRefusedError,
    /** The send's answer: how far the relay already has it. */
    sentAs: ({ event }, params: { status: ReplyProgress }) =>
      'output' in event && (event.output as ReplySendResult).status === params.status,
    /** A stream frame about this reply (frames about an earlier, failed reply are old news). */
    progressIs: ({ context, event }, params: { status: ReplyProgress }) =>
      event.type === 'reply.progress' && event.replyId === context.replyId && event.status === params.status,
  },
  delays: { sendDeadline: REPLY_SEND_DEADLINE_MS },
}).createMachine({
  id: 'reply',
  context: ({ input }) => ({
    schemaVersion: 1,
    eventId: input.eventId,
    defaultText: input.defaultText,
    text: null,
    replyId: null,
    reason: null,
    answeredOn: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reply.send': { guard: 'hasWords', target: 'sending', actions: 'takeWords' },
        'reply.skip': 'skipped',
        'reply.draft': { actions: 'keepDraft' },
      },
    },
    sending: {
      invoke: {
        src: 'sendReply',
        input: ({ context }) => ({
          eventId: context.eventId,
          replyId: context.replyId ?? '',
          text: context.text ?? '',
        }),
        onDone: [
          { guard: { type: 'sentAs', params: { status: 'delivered' } }, target: 'delivered' },
          {
            guard: { type: 'sentAs', params: { status: 'failed' } },
            target: 'failed',
            actions: { type: 'recordProgress', params: ({ event }) => ({ reason: event.output.reason }) },
          },
          { guard: { type: 'sentAs', params: { status: 'dispatched' } }, target: 'dispatched' },
          { target: 'queued' },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'unsent',
            actions: { type: 'recordUnsent', params: ({ event }) => ({ reason: describe(event.error) }) },
          },
        ],
      },
      after: {
        sendDeadline: {
          target: 'unsent',
          actions: {
            type: 'recordUnsent',
            params: { reason: `the relay did not answer within ${REPLY_SEND_DEADLINE_MS / 1000} s` },
          },
        },
      },
      on: { 'reply.skip': 'skipped' },
    },
    /** The post failed: the relay may or may not have it, so a retry keeps the reply id. */
    unsent: {
      on: { 'reply.retry': 'sending', 'reply.skip': 'skipped' },
    },
    /** The relay has it; its stream frames say how far it got (only ever forward). */
    queued: {
      on: {
        'reply.progress': [
          { guard: { type: 'progressIs', params: { status: 'delivered' } }, target: 'delivered' },
          {
            guard: { type: 'progressIs', params: { status: 'failed' } },
            target: 'failed',
            actions: 'recordFailure',
          },
          { guard: { type: 'progressIs', params: { status: 'dispatched' } }, target: 'dispatched' },
        ],
      },
    },
    dispatched: {
      on: {
        'reply.progress': [
          { guard: { type: 'progressIs', params: { status: 'delivered' } }, target: 'delivered' },
          {
            guard: { type: 'progressIs', params: { status: 'failed' } },
            target: 'failed',
            actions: 'recordFailure',
          },
        ],
      },
    },
    /** The computer could not deliver it: the user may send again (a new reply, a new id). */
    failed: {
      on: {
        'reply.send': { guard: 'hasWords', target: 'sending', actions: 'takeWords' },
        'reply.skip': 'skipped',
      },
    },
    delivered: { type: 'final' },
    refused: { type: 'final' },
    skipped: { type: 'final' },
  },
});
