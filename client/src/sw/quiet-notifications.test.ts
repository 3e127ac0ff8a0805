import { describe, expect, it } from 'vitest';
import {
  declineFailedNotification,
  endedNotification,
  endingTitle,
  missedCallNotification,
} from './quiet-notifications';
import { EVENT_ID } from './test-support';

const LINE = 'Claude Code · billing-api';

describe('how a call ended, in a word', () => {
  it('names the device that answered: by name, this device, or another one', () => {
    const answered = { status: 'answered' as const };
    expect(endingTitle({ ...answered, by: 'dev-laptop', byName: 'Laptop' }, 'dev-phone', 'en')).toBe(
      'Answered on Laptop',
    );
    expect(endingTitle({ ...answered, by: 'dev-phone', byName: 'Phone' }, 'dev-phone', 'en')).toBe(
      'Answered on this device',
    );
    expect(endingTitle({ ...answered, by: 'dev-laptop' }, 'dev-phone', 'en')).toBe(
      'Answered on another device',
    );
    expect(endingTitle({ ...answered, by: 'dev-laptop', byName: 'Laptop' }, 'dev-phone', 'zh')).toBe(
      '已在 Laptop 上接听',
    );
    expect(endingTitle({ ...answered, by: 'dev-phone' }, 'dev-phone', 'zh')).toBe('已在本设备上接听');
    expect(endingTitle(answered, null, 'zh')).toBe('已在另一台设备上接听');
  });

  it('writes a device name as it is, even one that looks like a replacement pattern', () => {
    const answered = { status: 'answered' as const, by: 'dev-bob' };
    expect(endingTitle({ ...answered, byName: 'Bob$&' }, 'dev-phone', 'en')).toBe('Answered on Bob$&');
    expect(endingTitle({ ...answered, byName: "$'$`$1" }, 'dev-phone', 'zh')).toBe("已在 $'$`$1 上接听");
  });

  it('says Declined, Acknowledged, or that the call ended', () => {
    const words = (language: 'en' | 'zh') =>
      (['rejected', 'acknowledged', 'completed', undefined] as const).map((status) =>
        endingTitle(status ? { status } : {}, null, language),
      );
    expect(words('en')).toEqual(['Declined', 'Acknowledged', 'Call ended', 'Call ended']);
    expect(words('zh')).toEqual(['已拒接', '已知悉', '通话已结束', '通话已结束']);
  });
});

describe('a call’s quiet notifications', () => {
  it('replace the ringing one under its tag: silent, not staying up, not alerting again', () => {
    for (const shown of [
      endedNotification({
        eventId: EVENT_ID,
        language: 'en',
        ending: { status: 'rejected' },
        ownDeviceId: null,
      }),
      missedCallNotification({ eventId: EVENT_ID, language: 'en', line: LINE }),
    ]) {
      expect(shown.options).toMatchObject({
        tag: `call-${EVENT_ID}`,
        silent: true,
        renotify: false,
        requireInteraction: false,
      });
      expect(shown.options.actions).toBeUndefined();
      expect(shown.options.vibrate).toBeUndefined();
    }
  });

  it('say who called when it is known, and carry their kind for later pushes and the badge', () => {
    const missed = missedCallNotification({ eventId: EVENT_ID, language: 'en', line: LINE });
    expect([missed.title, missed.options.body]).toEqual(['Missed call', LINE]);
    expect(missed.options.data).toEqual({ eventId: EVENT_ID, kind: 'missed', line: LINE });
    const unknown = missedCallNotification({ eventId: EVENT_ID, language: 'zh' });
    expect([unknown.title, unknown.options.body]).toEqual(['未接来电', '']);
    expect(unknown.options.data).toEqual({ eventId: EVENT_ID, kind: 'missed' });
  });
});

describe('a Decline that failed', () => {
  it('says so under the call’s tag, with a sound, in both languages', () => {
    const shown = declineFailedNotification({ eventId: EVENT_ID, language: 'en', line: LINE });
    expect(shown.title).toBe('Could not decline: open Ringback to decline');
    expect(shown.options).toMatchObject({
      tag: `call-${EVENT_ID}`,
      body: LINE,
      silent: false,
      data: { eventId: EVENT_ID, kind: 'decline-failed', line: LINE },
    });
    expect(declineFailedNotification({ eventId: EVENT_ID, language: 'zh' }).title).toBe(
      '未能拒接：请打开 Ringback 拒接',
    );
  });
});
