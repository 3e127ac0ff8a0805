import type { CallRecord } from '../storage';

/** A history row's status in words. */
export function statusLabelOf(record: CallRecord): string {
  const by = record.handledBy?.name;
  switch (record.status) {
    case 'completed':
      return 'Answered';
    case 'answered':
      return by ? `Answered on ${by}` : 'Answered';
    case 'rejected':
      return by ? `Declined on ${by}` : 'Declined';
    case 'acknowledged':
      return by ? `Acknowledged on ${by}` : 'Acknowledged';
    default:
      return 'Missed';
  }
}
