import type { Translate } from '../i18n';
import type { CallRecord } from '../storage';
import { endedByComputerText } from './permission-view';

const english: Translate = (text, values) => text.replace('{device}', String(values?.device ?? ''));

/**
 * A permission call's row: the decision and the device that made it, or where and how it ended
 * without one (at the computer, on another device, too late, missed).
 */
function permissionLabelOf(record: CallRecord, t: Translate): string | null {
  const permission = record.permission;
  if (!permission) return null;
  const { decision, delivery } = permission;
  if (decision) {
    if (delivery === 'tooLate') return t('Too late');
    if (delivery === 'alreadyDecided') return t('Another device answered first');
    return decision.behavior === 'allow'
      ? t('Allowed on {device}', { device: decision.deviceName })
      : t('Denied on {device}', { device: decision.deviceName });
  }
  // Decided on another device: the computer said how, which the relay's status cannot.
  const { outcome } = permission;
  if (outcome)
    return outcome.behavior === 'allow'
      ? t('Allowed on {device}', { device: outcome.deviceName })
      : t('Denied on {device}', { device: outcome.deviceName });
  const by = record.handledBy;
  if (by && by.deviceId === permission.request.computer.deviceId)
    return endedByComputerText(permission.request, t);
  if (by) return t('Answered on {device}', { device: by.name });
  if (record.status === 'completed' || record.status === 'answered') return t('Hung up without deciding');
  return t('Missed');
}

/** A history row's status in words. */
export function statusLabelOf(record: CallRecord, t: Translate = english): string {
  const permission = permissionLabelOf(record, t);
  if (permission !== null) return permission;
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
