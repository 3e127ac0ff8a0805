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
