import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  DispatchCallContext,
  DispatchCallEvent,
  DispatchStatus,
  DispatchTarget,
  PreparedImage,
  UploadedImage,
} from './dispatch-call-types';

/** The spec's polling of a calling dispatch: every 3 s until its issue exists. */
export const LOOKUP_INTERVAL_MS = 3_000;

type UploadInput = { image: PreparedImage; workspaceId: string };
type DispatchInput = { text: string; target: DispatchTarget; attachments: UploadedImage[] };

const firstNotUploaded = (context: DispatchCallContext) => context.request?.images[context.uploaded.length];
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One call to an agent from the dispatch screen: the images go up one by one, then the dispatch is
 * made; a new issue is then `calling` (the waiting tone plays) and looked up every 3 s until the
 * agent has written it (`created`), the task failed, or it was cancelled. A comment dispatch is
 * `created` at once. A failed upload or dispatch can be retried without sending again what went.
 * Effects (`uploadImage`, `createDispatch`, `lookupDispatch`, `cancelDispatch`) come from the host.
 */
export const dispatchCallMachine = setup({
  types: {} as { context: DispatchCallContext; events: DispatchCallEvent },
  actors: {
    uploadImage: fromPromise<UploadedImage, UploadInput>(async () => {
      throw new Error('uploadImage not provided');
    }),
    createDispatch: fromPromise<DispatchStatus, DispatchInput>(async () => {
      throw new Error('createDispatch not provided');
    }),
    lookupDispatch: fromPromise<DispatchStatus, { id: string }>(async () => {
      throw new Error('lookupDispatch not provided');
    }),
    cancelDispatch: fromPromise<DispatchStatus, { id: string }>(async () => {
      throw new Error('cancelDispatch not provided');
    }),
  },
  delays: { lookupInterval: LOOKUP_INTERVAL_MS },
  guards: {
    allUploaded: ({ context }) => firstNotUploaded(context) === undefined,
    isCreated: ({ event }) => (event as { output?: DispatchStatus }).output?.state === 'created',
    isFailed: ({ event }) => (event as { output?: DispatchStatus }).output?.state === 'failed',
    isCancelled: ({ event }) => (event as { output?: DispatchStatus }).output?.state === 'cancelled',
  },
  actions: {
    takeRequest: assign(({ event }) => {
      assertEvent(event, 'submit');
      const { text, target, images } = event;
      return { request: { text, target, images }, uploaded: [], dispatch: null, error: null };
    }),
    addUploaded: assign({
      uploaded: ({ context, event }) => [
        ...context.uploaded,
        (event as unknown as { output: UploadedImage }).output,
      ],
    }),
    keepDispatch: assign({
      dispatch: ({ event }) => (event as unknown as { output: DispatchStatus }).output,
    }),
    keepError: assign({ error: ({ event }) => errorText((event as unknown as { error: unknown }).error) }),
    clearError: assign({ error: null }),
    clear: assign({ request: null, uploaded: [], dispatch: null, error: null }),
  },
}).createMachine({
  id: 'dispatchCall',
  context: { request: null, uploaded: [], dispatch: null, error: null },
  initial: 'editing',
  states: {
    editing: { on: { submit: { target: 'uploading', actions: 'takeRequest' } } },
    uploading: {
      initial: 'next',
      states: {
        next: {
          always: [{ guard: 'allUploaded', target: '#dispatchCall.dispatching' }, { target: 'sending' }],
        },
        sending: {
          invoke: {
            src: 'uploadImage',
            input: ({ context }) => ({
              image: firstNotUploaded(context) as PreparedImage,
              workspaceId: context.request?.target.workspaceId ?? '',
            }),
            onDone: { target: 'next', actions: 'addUploaded' },
            onError: { target: '#dispatchCall.notSent', actions: 'keepError' },
          },
        },
      },
    },
    dispatching: {
      invoke: {
        src: 'createDispatch',
        input: ({ context }) => ({
          text: context.request?.text ?? '',
          target: context.request?.target as DispatchTarget,
          attachments: context.uploaded,
        }),
        onDone: [
          { guard: 'isCreated', target: 'created', actions: 'keepDispatch' },
          { target: 'calling', actions: 'keepDispatch' },
        ],
        onError: { target: 'notSent', actions: 'keepError' },
      },
    },
    /** Nothing reached the agent yet (an upload or the dispatch failed): retry or start over. */
    notSent: {
      on: {
        retry: { target: 'uploading', actions: 'clearError' },
        reset: { target: 'editing', actions: 'clear' },
      },
    },
    calling: {
      tags: ['waitingTone'],
      initial: 'waiting',
      on: { cancel: '.cancelling' },
      states: {
        waiting: { after: { lookupInterval: 'looking' } },
        looking: {
          invoke: {
            src: 'lookupDispatch',
            input: ({ context }) => ({ id: context.dispatch?.id ?? '' }),
            onDone: [
              { guard: 'isCreated', target: '#dispatchCall.created', actions: 'keepDispatch' },
              { guard: 'isFailed', target: '#dispatchCall.failed', actions: 'keepDispatch' },
              { guard: 'isCancelled', target: '#dispatchCall.cancelled', actions: 'keepDispatch' },
              { target: 'waiting', actions: 'keepDispatch' },
            ],
            // The computer or the relay did not answer this time: ask again at the next tick.
            onError: { target: 'waiting' },
          },
        },
        cancelling: {
          on: { cancel: {} },
          invoke: {
            src: 'cancelDispatch',
            input: ({ context }) => ({ id: context.dispatch?.id ?? '' }),
            onDone: [
              { guard: 'isCreated', target: '#dispatchCall.created', actions: 'keepDispatch' },
              { guard: 'isFailed', target: '#dispatchCall.failed', actions: 'keepDispatch' },
              { guard: 'isCancelled', target: '#dispatchCall.cancelled', actions: 'keepDispatch' },
              { target: 'waiting', actions: 'keepDispatch' },
            ],
            onError: { target: 'waiting', actions: 'keepError' },
          },
        },
      },
    },
    created: { on: { reset: { target: 'editing', actions: 'clear' } } },
    failed: { on: { reset: { target: 'editing', actions: 'clear' } } },
    cancelled: { on: { reset: { target: 'editing', actions: 'clear' } } },
  },
});
