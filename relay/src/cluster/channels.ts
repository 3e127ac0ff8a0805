/**
 * The PostgreSQL `NOTIFY` channels relay instances share. A payload names what changed (ids and
 * a sequence number), never its content: a listener reads the content from the database, so a
 * payload stays far below PostgreSQL's 8000-byte limit and carries nothing secret.
 *
 * Notifications sent inside a transaction are delivered only once it commits, and in commit
 * order, so a listener never hears of a write it cannot read yet.
 */
export const CHANNELS = {
  /**
   * `<accountId>:<seq>` for each entry appended to an account's log; the entries of events
   * stored together come in one notification, joined by `,` (storage/postgres/event-batcher.ts).
   */
  log: 'ringback_log',
  /** `<accountId>:<deviceId>:added|renamed|removed`: the account's device names changed. */
  devices: 'ringback_devices',
  /** `<accountId>:<toDeviceId>:<replyId>`: a reply was queued for that daemon. */
  replies: 'ringback_replies',
  /** `<deviceId>:<linkId>`: a daemon opened a link; an older link of it elsewhere must close. */
  links: 'ringback_links',
  /** `ask:<deviceId>:<requestId>` or `answer:<deviceId>:<requestId>`: a relayed settings request, or its answer. */
  settings: 'ringback_settings',
  /**
   * A streamed request to a daemon linked elsewhere: `ask:<deviceId>:<requestId>`, then
   * `frame:…:<seq>`, `refused:…:<error>`, `gone:…` from the link's instance and `ack:…:<seq>`,
   * `cancel:…` from the asker's.
   */
  computer: 'ringback_computer',
} as const;

export type DeviceChange = 'added' | 'renamed' | 'removed';

/** Splits a payload of ids joined by `:` (ids never contain one); null when it has too few parts. */
export function splitPayload(payload: string, parts: number): string[] | null {
  const fields = payload.split(':');
  return fields.length === parts && fields.every((field) => field.length > 0) ? fields : null;
}
