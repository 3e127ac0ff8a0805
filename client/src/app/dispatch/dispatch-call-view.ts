import type { DispatchCallContext } from '@ringback/machines';
import type { DispatchCall, DispatchImageItem } from '../../ui';
import type { AttachedImage } from './use-dispatch-images';

/** The part of the dispatch call machine's snapshot the screen reads. */
export type DispatchCallSnapshot = { value: unknown; context: DispatchCallContext };

const stateOf = (snapshot: DispatchCallSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];

/** An upload failed (rather than the dispatch): the form shows the image with Retry. */
function uploadFailed({ context }: DispatchCallSnapshot): boolean {
  return context.request !== null && context.uploaded.length < context.request.images.length;
}

/**
 * What the dispatch screen shows for the machine's state: the calling view once the dispatch was
 * made (a failed dispatch too, with its reason and Try again), else the form, with a reason the
 * Call button waits while the images go up and the dispatch is made.
 */
export function dispatchCallView(snapshot: DispatchCallSnapshot): {
  call: DispatchCall | null;
  sending: string | null;
} {
  const { context } = snapshot;
  const issue = {
    ...(context.dispatch?.identifier ? { identifier: context.dispatch.identifier } : {}),
    ...(context.dispatch?.title ? { title: context.dispatch.title } : {}),
  };
  switch (stateOf(snapshot)) {
    case 'uploading':
      return { call: null, sending: 'Sending the images…' };
    case 'dispatching':
      return { call: null, sending: 'Calling…' };
    case 'notSent':
      if (uploadFailed(snapshot)) return { call: null, sending: null };
      return {
        call: { state: 'failed', ...(context.error ? { failureReason: context.error } : {}) },
        sending: null,
      };
    case 'calling':
      return { call: { state: 'calling' }, sending: null };
    case 'created':
      return { call: { state: 'created', ...issue }, sending: null };
    case 'failed':
      return {
        call: {
          state: 'failed',
          ...(context.dispatch?.failureReason ? { failureReason: context.dispatch.failureReason } : {}),
        },
        sending: null,
      };
    case 'cancelled':
      return { call: { state: 'cancelled' }, sending: null };
    default:
      return { call: null, sending: null };
  }
}

/** Each attached image as the tray shows it: preparing, uploading (the one going up), failed, or ready. */
export function imageItems(images: AttachedImage[], snapshot: DispatchCallSnapshot): DispatchImageItem[] {
  const { context } = snapshot;
  const state = stateOf(snapshot);
  const inRequest = context.request?.images ?? [];
  const current = inRequest[context.uploaded.length]?.id;
  return images.map((image): DispatchImageItem => {
    const base = { id: image.id, name: image.name, preview: image.file };
    if (image.error) return { ...base, state: 'failed', error: image.error };
    if (!image.prepared) return { ...base, state: 'preparing' };
    if (image.id === current && state === 'uploading') return { ...base, state: 'uploading' };
    if (image.id === current && state === 'notSent' && context.error)
      return { ...base, state: 'failed', error: `Not uploaded: ${context.error}` };
    // Prepared (and perhaps uploaded already): the tray reads "Ready".
    return { ...base, state: 'uploaded' };
  });
}
