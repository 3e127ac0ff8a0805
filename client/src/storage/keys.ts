/** Every record the app keeps in the device's key-value store. */
export const STORAGE_KEYS = {
  settings: 'ringback.settings',
  answered: 'ringback.answered',
  queue: 'ringback.queue',
  callPrefix: 'ringback.call.',
  /** Declined from the notification without the call's words (`declines-without-words.ts`). */
  declinedPrefix: 'ringback.declined.',
  replyPrefix: 'ringback.reply.',
  replyShown: 'ringback.replyShown',
  dispatchLast: 'ringback.dispatch.last',
  modes: 'ringback.modes',
  ringtones: 'ringback.ringtones',
} as const;

export function callKey(eventId: string): string {
  return `${STORAGE_KEYS.callPrefix}${eventId}`;
}

export function declineWithoutWordsKey(eventId: string): string {
  return `${STORAGE_KEYS.declinedPrefix}${eventId}`;
}

export function replyKey(eventId: string): string {
  return `${STORAGE_KEYS.replyPrefix}${eventId}`;
}
