import { PUSH_RING_WINDOW_MS, type RelayedEvent } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { SwDevice } from './device-reader';
import type { ShownNotification } from './notification-text';
import { handlePush, type PushDeps } from './push-handler';
import { device, EVENT_ID, phoneKey, RECEIVED_AT, relayedCall } from './test-support';

/** The worker's world as a test arranges it; every effect is recorded in order. */
function world(options: {
  device?: SwDevice | null;
  event?: RelayedEvent | Error;
  now?: number;
  focused?: boolean;
  maxActions?: number;
}) {
  const effects: string[] = [];
  const shown: ShownNotification[] = [];
  const fetched: { relayUrl: string; eventId: string }[] = [];
  const deps: PushDeps = {
    now: () => options.now ?? RECEIVED_AT + 5_000,
    systemLanguage: 'en',
    maxActions: options.maxActions ?? 2,
    readDevice: async () => options.device ?? null,
    async fetchEvent(record, eventId) {
      fetched.push({ relayUrl: record.relayUrl, eventId });
      if (!options.event || options.event instanceof Error) throw options.event ?? new Error('no event');
      return options.event;
    },
    hasFocusedWindow: async () => options.focused ?? false,
    async show(notification) {
      effects.push(`show ${notification.title}`);
      shown.push(notification);
    },
    async close(tag) {
      effects.push(`close ${tag}`);
    },
  };
  return { deps, effects, shown, fetched };
}

describe('handlePush', () => {
  it('fetches the call the push names, opens it on the device and rings with its words', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    const { deps, effects, shown, fetched } = world({ device: phone, event });
    const outcome = await handlePush({ id: EVENT_ID }, deps);
    expect(outcome.kind).toBe('show');
    expect(fetched).toEqual([{ relayUrl: 'https://relay.example.com', eventId: EVENT_ID }]);
    expect(effects).toEqual(['show Claude Code · billing-api']);
    // The form of address from the device record replaces the brief's placeholder.
    expect(shown[0]?.options.body).toBe('I fixed the login bug, captain.');
    expect(shown[0]?.options.actions).toHaveLength(2);
  });

  it('writes in the language the device record names', async () => {
    const phone = await device({ interfaceLanguage: 'zh' });
    const { deps, shown } = world({ device: phone, event: new Error('offline') });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('来电');
  });

  it('rings as "Incoming call" when the relay cannot be reached', async () => {
    const { deps, shown } = world({ device: await device(), event: new Error('network') });
    await handlePush({ id: EVENT_ID }, deps);
    expect([shown[0]?.title, shown[0]?.options.body, shown[0]?.options.tag]).toEqual([
      'Incoming call',
      'Open Ringback to answer.',
      `call-${EVENT_ID}`,
    ]);
  });

  it('rings as "Incoming call" when the call does not open with the key held here', async () => {
    const other = await phoneKey();
    const event = await relayedCall(other.text);
    const { deps, shown } = world({ device: await device(), event });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('Incoming call');
  });

  it('rings as "Incoming call" when the device holds no key or no record, or the push is not a wake', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    for (const [payload, held] of [
      [{ id: EVENT_ID }, { ...phone, key: null }],
      [{ id: EVENT_ID }, null],
      [{ call: 'text' }, phone],
      [null, phone],
    ] as const) {
      const { deps, shown } = world({ device: held, event });
      await handlePush(payload, deps);
      expect(shown.map((notification) => notification.title)).toEqual(['Incoming call']);
    }
  });

  it('closes the notification of a call that ended (answered, declined, …) instead of ringing', async () => {
    const phone = await device();
    for (const status of ['answered', 'rejected', 'acknowledged', 'completed'] as const) {
      const { deps, effects } = world({ device: phone, event: await relayedCall(phone.keyText, { status }) });
      expect(await handlePush({ id: EVENT_ID }, deps)).toEqual({
        kind: 'close',
        tag: `call-${EVENT_ID}`,
        why: 'ended',
      });
      expect(effects).toEqual([`close call-${EVENT_ID}`]);
    }
  });

  it('turns a call still pending past the ring window into "Missed call"', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    const ringing = world({ device: phone, event, now: RECEIVED_AT + PUSH_RING_WINDOW_MS - 1 });
    await handlePush({ id: EVENT_ID }, ringing.deps);
    expect(ringing.shown[0]?.title).toBe('Claude Code · billing-api');
    const missed = world({ device: phone, event, now: RECEIVED_AT + PUSH_RING_WINDOW_MS });
    await handlePush({ id: EVENT_ID }, missed.deps);
    expect(missed.shown[0]?.title).toBe('Missed call');
    expect(missed.shown[0]?.options.body).toBe('Claude Code · billing-api');
    expect(missed.shown[0]?.options.vibrate).toBeUndefined();
  });

  it('shows nothing while a window of the app has the focus (the page rings), and clears what it showed before', async () => {
    const phone = await device();
    const { deps, effects } = world({
      device: phone,
      event: await relayedCall(phone.keyText),
      focused: true,
    });
    expect(await handlePush({ id: EVENT_ID }, deps)).toEqual({
      kind: 'close',
      tag: `call-${EVENT_ID}`,
      why: 'page-rings',
    });
    expect(effects).toEqual([`close call-${EVENT_ID}`]);
  });
});
