import type { Translate } from '../i18n';
import type { CallRecord } from '../storage';

const english: Translate = (text, values) => text.replace('{device}', String(values?.device ?? ''));

/** A history row's status in words. */
export function statusLabelOf(record: CallRecord, t: Translate = english): string {
  const by = record.handledBy?.name;
  switch (record.status) {
    case 'completed':
      return by ? t('Answered on {device}', { device: by }) : t('Answered');
    case 'answered':
      return by ? t('Answered on {device}', { device: by }) : t('Answered');
    case 'rejected':
      return by ? t('Declined on {device}', { device: by }) : t('Declined');
    case 'acknowledged':
      return by ? t('Acknowledged on {device}', { device: by }) : t('Acknowledged');
    default:
      // Returned by the device that answered it: any device may answer it again.
      return record.unfinishedBy
        ? t('Answered on {device}, not finished', { device: record.unfinishedBy.name })
        : t('Missed');
  }
}
