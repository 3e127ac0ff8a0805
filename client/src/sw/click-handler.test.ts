import type { RelayedEvent } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { WorkerDecline } from '../storage/worker-declines';
import { type AppWindow, type ClickDeps, type DeclineResult, handleNotificationClick } from './click-handler';
import type { SwDevice } from './device-reader';
import type { NotificationKind, ShownNotification } from './notification-text';
import { device, EVENT_ID, relayedCall } from './test-support';

const NOW = Date.parse('2026-03-01T09:00:05.000Z');

/** An app window that records what the worker did to it. */
function appWindow(name: string, state: { focused?: boolean; visible?: boolean }, log: string[]): AppWindow {
  return {
    focused: state.focused ?? false,
    visibilityState: state.visible ? 'visible' : 'hidden',
    async focus() {
      log.push(`focus ${name}`);
    },
    postMessage(message) {
      log.push(`post ${name} ${JSON.stringify(message)}`);
    },
  };
}

function browser(options: {
  windows?: (log: string[]) => AppWindow[];
  device?: SwDevice | null;
  declineAnswer?: DeclineResult;
  /** The call as `GET /v1/events/:id` gives it just before the decline; a rejection when unset. */
  fetched?: RelayedEvent;
  recordFails?: boolean;
}) {
  const log: string[] = [];
  const recorded: WorkerDecline[] = [];
  const deps: ClickDeps = {
    windows: async () => options.windows?.(log) ?? [],
    async openWindow(url) {
      log.push(`open ${url}`);
    },
    readDevice: async () => options.device ?? null,
    async fetchEvent(record, eventId) {
      log.push(`fetch ${eventId} at ${record.relayUrl}`);
      if (!options.fetched) throw new Error('the relay cannot be reached');
      return options.fetched;
    },
    async decline(record, eventId) {
      log.push(`decline ${eventId} at ${record.relayUrl}`);
      return options.declineAnswer ?? 'declined';
    },
    async recordDecline(decline) {
      log.push(`record ${decline.eventId}`);
      if (options.recordFails) throw new Error('QuotaExceededError');
      recorded.push(decline);
    },
    now: () => NOW,
    systemLanguage: 'en',
    async show(notification) {
      log.push(`show ${notification.title}`);
      shown.push(notification);
    },
  };
  const shown: ShownNotification[] = [];
  const click = (action: string, eventId: string | null = EVENT_ID, kind?: NotificationKind) =>
    handleNotificationClick(
      { action, eventId, kind, line: 'Claude Code · billing-api', close: () => log.push('close') },
      deps,
    );
  return { log, click, shown, recorded };
}

const answer = JSON.stringify({ type: 'ringback.answer', eventId: EVENT_ID });

describe('a click on a call notification', () => {
  it('opens the app on that call when no window is open, from the body or Answer', async () => {
    for (const action of ['', 'answer']) {
      const { log, click } = browser({});
      expect(await click(action)).toBe('opened');
      expect(log).toEqual(['close', `open /?answer=${EVENT_ID}`]);
    }
  });

  it('focuses an open window and tells it to answer, preferring the focused, then a visible one', async () => {
    const focused = browser({
      windows: (log) => [
        appWindow('a', { visible: true }, log),
        appWindow('b', { focused: true, visible: true }, log),
      ],
    });
    expect(await focused.click('answer')).toBe('focused');
    expect(focused.log).toEqual(['close', 'focus b', `post b ${answer}`]);

    const visible = browser({
      windows: (log) => [appWindow('a', {}, log), appWindow('b', { visible: true }, log)],
    });
    await visible.click('');
    expect(visible.log).toEqual(['close', 'focus b', `post b ${answer}`]);

    const hidden = browser({ windows: (log) => [appWindow('a', {}, log), appWindow('b', {}, log)] });
    await hidden.click('');
    expect(hidden.log).toEqual(['close', 'focus a', `post a ${answer}`]);
  });

  it('opens or focuses the app without answering when the notification named no call', async () => {
    const none = browser({});
    await none.click('', null);
    expect(none.log).toEqual(['close', 'open /']);
    const open = browser({ windows: (log) => [appWindow('a', {}, log)] });
    await open.click('answer', null);
    expect(open.log).toEqual(['close', 'focus a']);
  });

  it('declines on the relay with the device’s token, opening nothing', async () => {
    const phone = await device();
    const before = await relayedCall(phone.keyText);
    const { log, click } = browser({
      device: phone,
      fetched: before,
      windows: (windowLog) => [appWindow('a', {}, windowLog)],
    });
    expect(await click('decline')).toBe('declined');
    // The message carries the decline itself: the page takes it in even if IndexedDB lost it.
    const decline = { eventId: EVENT_ID, declinedAt: NOW, line: 'Claude Code · billing-api', sealed: before };
    expect(log).toEqual([
      'close',
      `fetch ${EVENT_ID} at https://relay.example.com`,
      `decline ${EVENT_ID} at https://relay.example.com`,
      `record ${EVENT_ID}`,
      `post a ${JSON.stringify({ type: 'ringback.declined', eventId: EVENT_ID, decline })}`,
    ]);
  });

  it('leaves the decline for the page’s history: the call sealed as the relay had it just before, its line, when', async () => {
    const phone = await device();
    const before = await relayedCall(phone.keyText);
    const { click, recorded } = browser({ device: phone, fetched: before });
    await click('decline');
    expect(recorded).toEqual([
      { eventId: EVENT_ID, declinedAt: NOW, line: 'Claude Code · billing-api', sealed: before },
    ]);
  });

  it('still declines, and leaves what it knows, when the call cannot be fetched first', async () => {
    const { log, click, recorded } = browser({ device: await device() });
    expect(await click('decline')).toBe('declined');
    expect(log).toContain(`decline ${EVENT_ID} at https://relay.example.com`);
    expect(recorded).toEqual([{ eventId: EVENT_ID, declinedAt: NOW, line: 'Claude Code · billing-api' }]);
  });

  it('leaves nothing for history when the call had already ended elsewhere (409) or the decline failed', async () => {
    const phone = await device();
    const ended = browser({
      device: phone,
      fetched: await relayedCall(phone.keyText, { status: 'answered' }),
      declineAnswer: 'ended-elsewhere',
      windows: (windowLog) => [appWindow('a', {}, windowLog)],
    });
    expect(await ended.click('decline')).toBe('declined');
    expect(ended.recorded).toEqual([]);
    expect(ended.log.filter((line) => line.startsWith('post') || line.startsWith('show'))).toEqual([]);

    const failed = browser({ device: phone, declineAnswer: 'failed' });
    expect(await failed.click('decline')).toBe('decline-failed');
    expect(failed.recorded).toEqual([]);
  });

  it('a decline the relay took stays declined when it cannot be written down here', async () => {
    const { click, shown } = browser({ device: await device(), recordFails: true });
    expect(await click('decline')).toBe('declined');
    expect(shown).toEqual([]);
  });

  it('tells the open windows of a decline it could not write down, with the decline itself', async () => {
    const phone = await device();
    const before = await relayedCall(phone.keyText);
    const { log, click } = browser({
      device: phone,
      fetched: before,
      recordFails: true,
      windows: (windowLog) => [appWindow('a', {}, windowLog), appWindow('b', {}, windowLog)],
    });
    expect(await click('decline')).toBe('declined');
    const decline = { eventId: EVENT_ID, declinedAt: NOW, line: 'Claude Code · billing-api', sealed: before };
    const told = JSON.stringify({ type: 'ringback.declined', eventId: EVENT_ID, decline });
    expect(log.slice(-3)).toEqual([`record ${EVENT_ID}`, `post a ${told}`, `post b ${told}`]);
  });

  it('says when a decline could not be sent (no device record, or the relay refused), under the call’s tag', async () => {
    const none = browser({ device: null });
    expect(await none.click('decline')).toBe('decline-failed');
    expect(none.log).toEqual(['close', 'show Could not decline: open Ringback to decline']);
    expect(none.shown[0]?.options).toMatchObject({
      tag: `call-${EVENT_ID}`,
      body: 'Claude Code · billing-api',
      data: { eventId: EVENT_ID, kind: 'decline-failed' },
    });

    const refused = browser({ device: await device({ interfaceLanguage: 'zh' }), declineAnswer: 'failed' });
    expect(await refused.click('decline')).toBe('decline-failed');
    expect(refused.log).toEqual([
      'close',
      `fetch ${EVENT_ID} at https://relay.example.com`,
      `decline ${EVENT_ID} at https://relay.example.com`,
      'show 未能拒接：请打开 Ringback 拒接',
    ]);
  });
});

describe('a click on a notification of a call that no longer rings here', () => {
  it('opens the app at / without answering: decline failed, ended, missed', async () => {
    for (const kind of ['decline-failed', 'ended', 'missed'] as const) {
      const { log, click } = browser({ device: await device() });
      expect(await click('', EVENT_ID, kind)).toBe('opened');
      expect(log).toEqual(['close', 'open /']);
    }
  });

  it('focuses an open window and posts no answer', async () => {
    for (const kind of ['decline-failed', 'ended', 'missed'] as const) {
      const { log, click } = browser({ windows: (windowLog) => [appWindow('a', {}, windowLog)] });
      expect(await click('', EVENT_ID, kind)).toBe('focused');
      expect(log).toEqual(['close', 'focus a']);
    }
  });

  it('a ringing call’s notification still answers when its kind is given', async () => {
    const { log, click } = browser({});
    await click('answer', EVENT_ID, 'ring');
    expect(log).toEqual(['close', `open /?answer=${EVENT_ID}`]);
  });
});
