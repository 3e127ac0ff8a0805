/**
 * Chinese for the installed app: the offline banner and the notifications the service worker
 * shows (which also use 'Incoming call', 'Answer' and 'Decline' from the calls pages).
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
};
