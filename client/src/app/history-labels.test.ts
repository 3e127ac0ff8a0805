import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n';
import type { CallRecord } from '../storage';
import { statusLabelOf } from './history-labels';

const record = (status: CallRecord['status'], by?: string): CallRecord =>
  ({ status, handledBy: by ? { deviceId: 'd', name: by } : null }) as CallRecord;

describe('statusLabelOf', () => {
  it('names the device that handled a call elsewhere', () => {
    expect(statusLabelOf(record('answered', 'Pixel 8'))).toBe('Answered on Pixel 8');
    expect(statusLabelOf(record('rejected', 'Pixel 8'))).toBe('Declined on Pixel 8');
    expect(statusLabelOf(record('acknowledged', 'Pixel 8'))).toBe('Acknowledged on Pixel 8');
    // Hung up there later: still where the call went.
    expect(statusLabelOf(record('completed', 'Pixel 8'))).toBe('Answered on Pixel 8');
  });

  it('says answered, not "in call", for a call answered here (it may have been cut off by a refresh)', () => {
    expect(statusLabelOf(record('answered'))).toBe('Answered');
    expect(statusLabelOf(record('completed'))).toBe('Answered');
  });

  it('says who left a returned call unfinished, in every interface language', () => {
    const returned = { ...record('pending'), unfinishedBy: { deviceId: 'd', name: 'Phone' } } as CallRecord;
    expect(statusLabelOf(returned)).toBe('Answered on Phone, not finished');
    expect(statusLabelOf(returned, translatorFor('zh'))).toBe('已在 Phone 上接听，未完成');
  });

  it('calls a call nobody took missed', () => {
    expect(statusLabelOf(record('pending'))).toBe('Missed');
    expect(statusLabelOf(record('rejected'))).toBe('Declined');
  });
});

describe('statusLabelOf a permission call', () => {
  const computer = { deviceId: 'dev-laptop', name: 'Laptop' };
  const permissionRecord = (over: Partial<CallRecord> = {}, permission: object = {}): CallRecord =>
    ({
      status: 'completed',
      handledBy: null,
      permission: { request: { computer, request: { resumed: false } }, ...permission },
      ...over,
    }) as CallRecord;
  const decision = (behavior: 'allow' | 'deny') => ({ behavior, deviceName: 'Pixel 8' });

  it('says the decision and the device that made it', () => {
    expect(statusLabelOf(permissionRecord({}, { decision: decision('allow') }))).toBe('Allowed on Pixel 8');
    expect(statusLabelOf(permissionRecord({}, { decision: decision('deny'), delivery: 'delivered' }))).toBe(
      'Denied on Pixel 8',
    );
    expect(statusLabelOf(permissionRecord({}, { decision: decision('allow') }), translatorFor('zh'))).toBe(
      '已在 Pixel 8 上允许',
    );
  });

  it('says too late, or that another device was first, when the computer said so', () => {
    expect(statusLabelOf(permissionRecord({}, { decision: decision('allow'), delivery: 'tooLate' }))).toBe(
      'Too late',
    );
    expect(
      statusLabelOf(permissionRecord({}, { decision: decision('deny'), delivery: 'alreadyDecided' })),
    ).toBe('Another device answered first');
  });

  it('says the agent stopped waiting when the computer ended a call of a session resumed from the phone', () => {
    const resumed = { request: { computer, request: { resumed: true } } };
    expect(statusLabelOf(permissionRecord({ handledBy: computer }, resumed))).toBe(
      'The agent stopped waiting',
    );
  });

  it('says answered at the computer when the computer ended it, and names another device', () => {
    expect(statusLabelOf(permissionRecord({ handledBy: computer }))).toBe('Answered at the computer');
    expect(statusLabelOf(permissionRecord({ handledBy: computer }), translatorFor('zh'))).toBe(
      '已在电脑上处理',
    );
    expect(statusLabelOf(permissionRecord({ handledBy: { deviceId: 'd', name: 'iPad' } }))).toBe(
      'Answered on iPad',
    );
  });

  it("says another device's decision as the computer told it, over the relay's answered", () => {
    const phone = { deviceId: 'dev-phone', name: 'Phone' };
    const outcome = (behavior: 'allow' | 'deny') => ({
      kind: 'permission-outcome',
      eventId: 'e',
      behavior,
      deviceName: 'Phone',
      decidedAt: 1,
    });
    expect(statusLabelOf(permissionRecord({ handledBy: phone }, { outcome: outcome('allow') }))).toBe(
      'Allowed on Phone',
    );
    expect(statusLabelOf(permissionRecord({ status: 'pending' }, { outcome: outcome('deny') }))).toBe(
      'Denied on Phone',
    );
    expect(
      statusLabelOf(
        permissionRecord({ handledBy: phone }, { outcome: outcome('allow') }),
        translatorFor('zh'),
      ),
    ).toBe('已在 Phone 上允许');
  });

  it('calls one nobody decided missed', () => {
    expect(statusLabelOf(permissionRecord({ status: 'pending' }))).toBe('Missed');
  });
});
