import { generateE2eKey, sealingKeyFromText } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { OpenedEvents, UnopenedCallError } from './opened-events';
import { sealedCall } from './session-harness';

describe('OpenedEvents', () => {
  it('lets speech preparation wait for a call until it is opened', async () => {
    const events = new OpenedEvents();
    const key = generateE2eKey();
    const waiting = events.whenOpened('evt-1', new AbortController().signal);
    await events.open(await sealedCall(key, 'evt-1'), await sealingKeyFromText(key), 'boss');
    await expect(waiting).resolves.toMatchObject({
      eventId: 'evt-1',
      brief: { spoken: 'The tests pass. The build is green.' },
    });
  });

  it('fails the wait of a call that does not open, saying why', async () => {
    const events = new OpenedEvents();
    const waiting = events.whenOpened('evt-1', new AbortController().signal);
    await events.open(
      await sealedCall(generateE2eKey(), 'evt-1'),
      await sealingKeyFromText(generateE2eKey()),
      'boss',
    );
    await expect(waiting).rejects.toThrow(UnopenedCallError);
    await expect(waiting).rejects.toThrow(/different end-to-end key/);
  });

  it('stops waiting when preparation is called off', async () => {
    const events = new OpenedEvents();
    const abort = new AbortController();
    const waiting = events.whenOpened('evt-1', abort.signal);
    abort.abort(new Error('the call ended elsewhere'));
    await expect(waiting).rejects.toThrow('the call ended elsewhere');
  });

  it('opens a call once: a repeat from the stream is the same call', async () => {
    const events = new OpenedEvents();
    const key = generateE2eKey();
    const call = await sealedCall(key, 'evt-1');
    const sealingKey = await sealingKeyFromText(key);
    const first = await events.open(call, sealingKey, 'boss');
    const again = await events.open(call, sealingKey, 'boss');
    expect(first.ok && again.ok && first.event === again.event).toBe(true);
  });
});
