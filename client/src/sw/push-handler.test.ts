import type { Mode } from '@ringback/machines';
import type { RelayedEvent } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwDevice } from './device-reader';
import type { ShownNotification } from './notification-text';
import { type EarlierNotification, handlePush, PUSH_BUDGET_MS, type PushDeps } from './push-handler';
import { device, EVENT_ID, phoneKey, RECEIVED_AT, relayedCall } from './test-support';

const TAG = `call-${EVENT_ID}`;
const DAY_MS = 24 * 60 * 60_000;
/** Silent all day, every day, in any time zone. */
const ALWAYS_SILENT: Mode = {
  id: 'sleep',
  name: 'Sleep',
  ranges: [{ start: '00:00', end: '00:00' }],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  rule: 'silentWithin',
  on: true,
};

/** The worker's world as a test arranges it; every effect is recorded in order. */
function world(options: {
  device?: SwDevice | null | Error;
  event?: RelayedEvent | Error;
  now?: number;
  focused?: boolean;
  webkit?: boolean;
  maxActions?: number;
  earlier?: EarlierNotification;
  quietFails?: boolean;
  badgeFails?: boolean;
  hang?: 'readDevice' | 'shownFor' | 'hasFocusedWindow';
  showFailsOnce?: boolean;
}) {
  const never = new Promise<never>(() => {});
  let showFailures = options.showFailsOnce ? 1 : 0;
  let missed = options.earlier?.data.kind === 'missed' ? 1 : 0;
  const effects: string[] = [];
  const shown: ShownNotification[] = [];
  const deps: PushDeps = {
    now: () => options.now ?? RECEIVED_AT + 5_000,
    systemLanguage: 'en',
    maxActions: options.maxActions ?? 2,
    alwaysNotify: options.webkit ?? false,
    async readDevice() {
      if (options.hang === 'readDevice') return never;
      if (options.device instanceof Error) throw options.device;
      return options.device ?? null;
    },
    async fetchEvent(record, eventId) {
      effects.push(`fetch ${eventId} from ${record.relayUrl}`);
      if (!options.event || options.event instanceof Error) throw options.event ?? new Error('no event');
      return options.event;
    },
    async quiet(record, eventId) {
      effects.push(`quiet ${eventId} at ${record.relayUrl}`);
      if (options.quietFails) throw new TypeError('Failed to fetch');
    },
    shownFor: async (tag) =>
      options.hang === 'shownFor' ? never : tag === TAG ? (options.earlier ?? null) : null,
    hasFocusedWindow: async () => (options.hang === 'hasFocusedWindow' ? never : (options.focused ?? false)),
    async show(notification) {
      effects.push(`show ${notification.title}`);
      if (showFailures-- > 0) throw new TypeError('Failed to execute showNotification: bad vibrate');
      shown.push(notification);
      // One notification per call: what it shows now is what the badge counts.
      missed = notification.options.data?.kind === 'missed' ? 1 : 0;
    },
    async close(tag) {
      effects.push(`close ${tag}`);
      missed = 0;
    },
    async recountBadge() {
      effects.push(`badge ${missed}`);
      if (options.badgeFails) throw new TypeError('setAppBadge is not a function');
    },
  };
  return { deps, effects, shown };
}

/** The call's ringing notification as an earlier push left it. */
const RINGING: EarlierNotification = {
  title: 'Claude Code · billing-api',
  body: 'I fixed the login bug, captain.',
  data: { eventId: EVENT_ID, kind: 'ring', line: 'Claude Code · billing-api' },
};

const quietly = { silent: true, renotify: false, requireInteraction: false, tag: TAG };

describe('a ring push', () => {
  it('fetches the call the push names, opens it on the device and rings with its words', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    const { deps, effects, shown } = world({ device: phone, event });
    const outcome = await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    expect(outcome.kind).toBe('show');
    expect(effects).toEqual([
      `fetch ${EVENT_ID} from https://relay.example.com`,
      'show Claude Code · billing-api',
      'badge 0',
    ]);
    // The form of address from the device record replaces the brief's placeholder.
    expect(shown[0]?.options.body).toBe('I fixed the login bug, captain.');
    expect(shown[0]?.options.actions).toHaveLength(2);
    expect(shown[0]?.options).toMatchObject({ tag: TAG, renotify: true, requireInteraction: true });
  });

  it('is what a push without a kind is (an older relay)', async () => {
    const phone = await device();
    const { deps, shown } = world({ device: phone, event: await relayedCall(phone.keyText) });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('Claude Code · billing-api');
  });

  it('rings however far the phone’s clock is ahead of or behind the relay’s: only the relay says missed', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    for (const now of [RECEIVED_AT + 3 * DAY_MS, RECEIVED_AT - 3 * DAY_MS]) {
      const { deps, shown } = world({ device: phone, event, now });
      await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
      expect(shown.map((notification) => notification.title)).toEqual(['Claude Code · billing-api']);
      expect(shown[0]?.options.requireInteraction).toBe(true);
    }
  });

  it('writes in the language the device record names', async () => {
    const phone = await device({ interfaceLanguage: 'zh' });
    const { deps, shown } = world({ device: phone, event: new Error('offline') });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('来电');
  });

  it('rings as "Incoming call" when the relay cannot be reached: the relay said it rings', async () => {
    const { deps, shown } = world({ device: await device(), event: new Error('network') });
    await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    expect([shown[0]?.title, shown[0]?.options.body, shown[0]?.options.tag]).toEqual([
      'Incoming call',
      'Open Ringback to answer.',
      TAG,
    ]);
    expect(shown[0]?.options.requireInteraction).toBe(true);
  });

  it('rings as "Incoming call" when the call does not open with the key held here', async () => {
    const other = await phoneKey();
    const { deps, shown } = world({ device: await device(), event: await relayedCall(other.text) });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('Incoming call');
  });

  it('rings as "Incoming call" with no key, no device record, or a device record that cannot be read', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    for (const held of [{ ...phone, key: null }, null, new Error('IndexedDB is closing')]) {
      const { deps, shown } = world({ device: held, event });
      await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
      expect(shown.map((notification) => [notification.title, notification.options.tag])).toEqual([
        ['Incoming call', TAG],
      ]);
    }
  });

  it('says how the call ended, quietly, when the relay answers that it no longer rings', async () => {
    const phone = await device();
    const titles: string[] = [];
    for (const status of ['answered', 'rejected', 'acknowledged', 'completed'] as const) {
      const { deps, shown } = world({ device: phone, event: await relayedCall(phone.keyText, { status }) });
      await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
      expect(shown[0]?.options).toMatchObject(quietly);
      titles.push(shown[0]?.title ?? '');
    }
    expect(titles).toEqual(['Answered on Laptop', 'Declined', 'Acknowledged', 'Call ended']);
  });

  it('stays as the call ended when it overtook the call’s last push (no fetch)', async () => {
    const phone = await device();
    const missed: EarlierNotification = {
      title: 'Missed call',
      body: RINGING.body,
      data: { ...RINGING.data, kind: 'missed' },
    };
    const { deps, effects, shown } = world({
      device: phone,
      event: await relayedCall(phone.keyText),
      earlier: missed,
    });
    await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    // The badge counts what is shown, so counting again changes nothing.
    expect(effects).toEqual(['show Missed call', 'badge 1']);
    expect(shown[0]?.options).toMatchObject({ ...quietly, data: missed.data });
  });
});

describe('a push that is not a wake', () => {
  it('still shows "Incoming call", in the system language without a device record', async () => {
    const phone = await device();
    for (const payload of [
      { call: 'text' },
      null,
      'garbage',
      { id: '' },
      { id: 7 },
      { id: 'x'.repeat(65) },
    ]) {
      const { deps, shown, effects } = world({ device: phone, event: await relayedCall(phone.keyText) });
      await handlePush(payload, deps);
      expect(shown.map((notification) => notification.title)).toEqual(['Incoming call']);
      expect(shown[0]?.options.tag).toBe('call-unknown');
      expect(effects.some((effect) => effect.startsWith('fetch'))).toBe(false);
    }
  });
});

describe('an ended push', () => {
  it('replaces the ringing notification with how it ended, without a fetch, keeping who called', async () => {
    const { deps, effects, shown } = world({ device: await device(), earlier: RINGING });
    await handlePush(
      { id: EVENT_ID, kind: 'ended', status: 'answered', by: 'dev-laptop', byName: 'Laptop' },
      deps,
    );
    expect(effects).toEqual(['show Answered on Laptop', 'badge 0']);
    expect(shown[0]?.options).toMatchObject({ ...quietly, body: 'Claude Code · billing-api' });
    expect(shown[0]?.options.vibrate).toBeUndefined();
    expect(shown[0]?.options.actions).toBeUndefined();
  });

  it('names this device, another device, or how else it ended, in the record’s language', async () => {
    const titles = async (record: SwDevice | null, wakes: object[]) => {
      const seen: string[] = [];
      for (const wake of wakes) {
        const { deps, shown } = world({ device: record });
        await handlePush({ id: EVENT_ID, kind: 'ended', ...wake }, deps);
        seen.push(shown[0]?.title ?? '');
      }
      return seen;
    };
    expect(
      await titles(await device(), [
        { status: 'answered', by: 'dev-phone', byName: 'Phone' },
        { status: 'answered' },
        { status: 'rejected', by: 'dev-laptop', byName: 'Laptop' },
        { status: 'acknowledged' },
        {},
      ]),
    ).toEqual([
      'Answered on this device',
      'Answered on another device',
      'Declined',
      'Acknowledged',
      'Call ended',
    ]);
    expect(
      await titles(await device({ interfaceLanguage: 'zh' }), [
        { status: 'answered', by: 'dev-laptop', byName: 'Laptop' },
        { status: 'rejected' },
      ]),
    ).toEqual(['已在 Laptop 上接听', '已拒接']);
    // No device record: still shown, in the system's language, with no body.
    expect(await titles(null, [{ status: 'answered', byName: 'Laptop' }])).toEqual(['Answered on Laptop']);
  });
});

describe('a missed push', () => {
  it('turns the ringing notification into a quiet "Missed call" without a fetch, and counts it on the badge', async () => {
    const { deps, effects, shown } = world({ device: await device(), earlier: RINGING });
    await handlePush({ id: EVENT_ID, kind: 'missed' }, deps);
    expect(effects).toEqual(['show Missed call', 'badge 1']);
    expect(shown[0]?.options).toMatchObject({
      ...quietly,
      body: 'Claude Code · billing-api',
      data: { eventId: EVENT_ID, kind: 'missed' },
    });
  });

  it('is shown without the call’s words when none were had, and whatever the badge does', async () => {
    const { deps, effects, shown } = world({ device: null, badgeFails: true });
    expect((await handlePush({ id: EVENT_ID, kind: 'missed' }, deps)).kind).toBe('show');
    expect(effects).toEqual(['show Missed call', 'badge 1']);
    expect(shown[0]?.options.body).toBe('');
  });
});

describe('a ring push in a silent period', () => {
  it('shows a quiet "Missed call", then asks the relay for no more re-alerts, and fetches nothing', async () => {
    const phone = await device({ ringModes: [ALWAYS_SILENT] });
    const { deps, effects, shown } = world({ device: phone, event: await relayedCall(phone.keyText) });
    await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    expect(effects).toEqual([
      'show Missed call',
      'badge 1',
      `quiet ${EVENT_ID} at https://relay.example.com`,
    ]);
    expect(shown[0]?.options).toMatchObject(quietly);
  });

  it('is still quiet when the relay cannot be told', async () => {
    const phone = await device({ ringModes: [ALWAYS_SILENT], interfaceLanguage: 'zh' });
    const { deps, shown } = world({ device: phone, quietFails: true });
    await handlePush({ id: EVENT_ID }, deps);
    expect(shown[0]?.title).toBe('未接来电');
  });

  it('still asks the relay for no more re-alerts when a focused window shows the call (Chromium)', async () => {
    const phone = await device({ ringModes: [ALWAYS_SILENT] });
    const { deps, effects } = world({ device: phone, focused: true });
    expect((await handlePush({ id: EVENT_ID, kind: 'ring' }, deps)).kind).toBe('close');
    expect(effects).toEqual([`close ${TAG}`, 'badge 0', `quiet ${EVENT_ID} at https://relay.example.com`]);
  });

  it('rings when the schedule’s mode is off', async () => {
    const phone = await device({ ringModes: [{ ...ALWAYS_SILENT, on: false }] });
    const { deps, effects } = world({ device: phone, event: await relayedCall(phone.keyText) });
    await handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    expect(effects.at(-2)).toBe('show Claude Code · billing-api');
  });
});

describe('with a window of the app focused', () => {
  it('on Chromium shows nothing (the page shows the call) and clears what was shown before', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    for (const wake of [
      { id: EVENT_ID },
      { id: EVENT_ID, kind: 'missed' },
      { id: EVENT_ID, kind: 'ended' },
    ]) {
      const { deps, effects } = world({ device: phone, event, focused: true });
      expect(await handlePush(wake, deps)).toEqual({ kind: 'close', tag: TAG, why: 'page-shows' });
      expect(effects.filter((effect) => !effect.startsWith('fetch'))).toEqual([`close ${TAG}`, 'badge 0']);
    }
  });

  it('on WebKit still shows a notification for every push', async () => {
    const phone = await device();
    const event = await relayedCall(phone.keyText);
    const titles: string[] = [];
    for (const wake of [
      { id: EVENT_ID },
      { id: EVENT_ID, kind: 'missed' },
      { id: EVENT_ID, kind: 'ended' },
      null,
    ]) {
      const { deps, effects, shown } = world({ device: phone, event, focused: true, webkit: true });
      expect((await handlePush(wake, deps)).kind).toBe('show');
      expect(effects.some((effect) => effect.startsWith('close'))).toBe(false);
      titles.push(shown[0]?.title ?? '');
    }
    expect(titles).toEqual(['Claude Code · billing-api', 'Missed call', 'Call ended', 'Incoming call']);
  });
});

describe('a wake with a field this build does not know', () => {
  it('keeps its id: an unknown kind or status rings under the call’s tag, and the fetch decides', async () => {
    const phone = await device();
    for (const wake of [
      { id: 'ev_1', kind: 'cancelled' },
      { id: 'ev_1', kind: 'ended', status: 'expired' },
    ]) {
      const event = await relayedCall(phone.keyText, { eventId: 'ev_1', status: 'rejected' });
      const { deps, effects, shown } = world({ device: phone, event });
      await handlePush(wake, deps);
      expect(effects[0]).toBe('fetch ev_1 from https://relay.example.com');
      expect([shown[0]?.title, shown[0]?.options.tag]).toEqual(['Declined', 'call-ev_1']);
    }
  });
});

describe('a push whose reads hang or whose notification is refused', () => {
  afterEach(() => vi.useRealTimers());

  it('rings as "Incoming call" under the call’s tag when the device record never reads', async () => {
    vi.useFakeTimers();
    const { deps, shown } = world({ hang: 'readDevice' });
    const outcome = handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    await vi.advanceTimersByTimeAsync(PUSH_BUDGET_MS);
    expect((await outcome).kind).toBe('show');
    expect(shown.map((notification) => [notification.title, notification.options.tag])).toEqual([
      ['Incoming call', TAG],
    ]);
  });

  it('says how the call ended when the earlier notification never reads', async () => {
    vi.useFakeTimers();
    const { deps, shown } = world({ device: await device(), hang: 'shownFor' });
    const outcome = handlePush({ id: EVENT_ID, kind: 'ended', status: 'answered', byName: 'Laptop' }, deps);
    await vi.advanceTimersByTimeAsync(PUSH_BUDGET_MS);
    await outcome;
    expect(shown.map((notification) => [notification.title, notification.options.tag])).toEqual([
      ['Answered on Laptop', TAG],
    ]);
  });

  it('shows when the window list never reads', async () => {
    vi.useFakeTimers();
    const { deps, shown } = world({ hang: 'hasFocusedWindow' });
    const outcome = handlePush({ id: EVENT_ID, kind: 'missed' }, deps);
    await vi.advanceTimersByTimeAsync(PUSH_BUDGET_MS);
    expect((await outcome).kind).toBe('show');
    expect(shown[0]?.title).toBe('Missed call');
  });

  it('shows what the wake alone says when deciding outlasts the budget', async () => {
    vi.useFakeTimers();
    const phone = await device();
    const { deps, shown } = world({ device: phone });
    deps.fetchEvent = () => new Promise(() => {});
    const outcome = handlePush({ id: EVENT_ID, kind: 'ring' }, deps);
    await vi.advanceTimersByTimeAsync(PUSH_BUDGET_MS - 1);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(shown.map((notification) => [notification.title, notification.options.tag])).toEqual([
      ['Incoming call', TAG],
    ]);
  });

  it('shows a plain notification with the same tag when the platform refuses the first', async () => {
    const { deps, effects, shown } = world({ device: await device(), showFailsOnce: true });
    await handlePush({ id: EVENT_ID, kind: 'ended', status: 'rejected' }, deps);
    expect(effects.filter((effect) => effect.startsWith('show'))).toEqual(['show Declined', 'show Declined']);
    expect(shown).toEqual([{ title: 'Declined', options: { tag: TAG, body: '' } }]);
  });
});

describe('the missed-call badge', () => {
  it('is counted again when an ended push replaces a missed call', async () => {
    const missed: EarlierNotification = {
      title: 'Missed call',
      body: '',
      data: { eventId: EVENT_ID, kind: 'missed' },
    };
    const { deps, effects } = world({ device: await device(), earlier: missed });
    await handlePush({ id: EVENT_ID, kind: 'ended', status: 'answered', byName: 'Laptop' }, deps);
    expect(effects).toEqual(['show Answered on Laptop', 'badge 0']);
  });
});
