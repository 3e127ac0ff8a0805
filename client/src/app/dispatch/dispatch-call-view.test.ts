import type { DispatchCallContext } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { dispatchCallView, imageItems } from './dispatch-call-view';
import type { AttachedImage } from './use-dispatch-images';

const target = { kind: 'issue' as const, workspaceId: 'ws-1', projectId: 'p-1', agentId: 'a-1' };
const prepared = (id: string) => ({ id, name: `${id}.png`, type: 'image/png', data: 'AA==' });
const context = (patch: Partial<DispatchCallContext> = {}): DispatchCallContext => ({
  request: { text: 'Fix it', target, images: [prepared('one'), prepared('two')] },
  uploaded: [],
  dispatch: null,
  error: null,
  ...patch,
});
const attached = (id: string, patch: Partial<AttachedImage> = {}): AttachedImage => ({
  id,
  name: `${id}.png`,
  file: new File([], `${id}.png`),
  prepared: { name: `${id}.png`, type: 'image/png', data: 'AA==', bytes: 1, converted: false },
  error: null,
  ...patch,
});
const attachment = { id: 'att-1', filename: 'one.png', markdownUrl: 'https://x/one.png' };

describe('what the dispatch screen shows for the call', () => {
  it('keeps the form while the images go up and the dispatch is made, with the wait as the reason', () => {
    expect(dispatchCallView({ value: { uploading: 'sending' }, context: context() })).toEqual({
      call: null,
      sending: 'Sending the images…',
    });
    expect(dispatchCallView({ value: 'dispatching', context: context() })).toEqual({
      call: null,
      sending: 'Calling…',
    });
  });

  it('calling, then created with the issue number and title', () => {
    expect(dispatchCallView({ value: { calling: 'waiting' }, context: context() }).call).toEqual({
      state: 'calling',
    });
    const dispatch = { id: 't-1', state: 'created' as const, identifier: 'ACME-7', title: 'Fix login' };
    expect(dispatchCallView({ value: 'created', context: context({ dispatch }) }).call).toEqual({
      state: 'created',
      identifier: 'ACME-7',
      title: 'Fix login',
    });
  });

  it('a refused dispatch is a failed call with the reason; a failed upload stays on the form', () => {
    const refused = context({ uploaded: [attachment, attachment], error: 'The agent cannot take work now' });
    expect(dispatchCallView({ value: 'notSent', context: refused }).call).toEqual({
      state: 'failed',
      failureReason: 'The agent cannot take work now',
    });
    const upload = context({ uploaded: [attachment], error: 'Your computer did not answer in time' });
    expect(dispatchCallView({ value: 'notSent', context: upload })).toEqual({ call: null, sending: null });
  });

  it('a task that failed or was cancelled says so', () => {
    const dispatch = { id: 't-1', state: 'failed' as const, failureReason: 'no issue was written' };
    expect(dispatchCallView({ value: 'failed', context: context({ dispatch }) }).call).toEqual({
      state: 'failed',
      failureReason: 'no issue was written',
    });
    expect(dispatchCallView({ value: 'cancelled', context: context() }).call).toEqual({ state: 'cancelled' });
  });
});

describe('each image in the tray', () => {
  it('preparing until prepared, then ready; the one going up is uploading', () => {
    const images = [attached('one'), attached('two', { prepared: null })];
    expect(
      imageItems(images, { value: 'editing', context: context({ request: null }) }).map((i) => i.state),
    ).toEqual(['uploaded', 'preparing']);
    const both = [attached('one'), attached('two')];
    const second = context({ uploaded: [attachment] });
    expect(
      imageItems(both, { value: { uploading: 'sending' }, context: second }).map((i) => i.state),
    ).toEqual(['uploaded', 'uploading']);
  });

  it('the image whose upload failed is failed with the reason; one that could not be prepared too', () => {
    const both = [attached('one'), attached('two', { prepared: null, error: 'two.png is not an image.' })];
    const failed = context({ error: 'The relay cannot be reached from this device' });
    const items = imageItems(both, { value: 'notSent', context: failed });
    expect(items.map((i) => [i.state, i.error])).toEqual([
      ['failed', 'Not uploaded: The relay cannot be reached from this device'],
      ['failed', 'two.png is not an image.'],
    ]);
  });
});
