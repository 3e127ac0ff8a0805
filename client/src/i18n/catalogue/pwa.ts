/**
 * Chinese for the installed app: the offline banner and the notifications the service worker
 * shows (which also use 'Incoming call', 'Answer', 'Decline' and the past call's words from the calls pages).
 */
export const PWA_ZH: Record<string, string> = {
  // The offline banner.
  'You are offline. Calls will come in again when this device is back online.':
    '你已离线。设备恢复联网后会重新接收来电。',
  'Cannot reach the relay at {host}. Calls will come in again when it answers.':
    '无法连接中继 {host}。它恢复响应后会重新接收来电。',

  // Notifications.
  'Open Ringback to answer.': '打开 Ringback 接听。',
  'Missed call': '未接来电',
  // A call's quiet last notification ('Answered on {device}', 'Declined', 'Acknowledged' are the calls pages').
  'Answered on this device': '已在本设备上接听',
  'Answered on another device': '已在另一台设备上接听',
  'Call ended': '通话已结束',
  'Could not decline: open Ringback to decline': '未能拒接：请打开 Ringback 拒接',
};
