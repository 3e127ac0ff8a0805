/**
 * The additional authenticated data of each sealed message. Each names its purpose and the id it
 * belongs to, so a relay cannot pass one sealed message off as another (a report as a reply, or
 * one call's report as another's).
 */
export const Aad = {
  report: (eventId: string): string => `ringback:report:v1:${eventId}`,
  reply: (eventId: string): string => `ringback:reply:v1:${eventId}`,
  replyError: (replyId: string): string => `ringback:reply-error:v1:${replyId}`,
  /**
   * What became of a delivered reply, sealed by the daemon for every device of the account (a
   * permission decision: who decided what), so the devices that did not decide can say so.
   */
  replyOutcome: (replyId: string): string => `ringback:reply-outcome:v1:${replyId}`,
  /**
   * A request names the computer it is for (the daemon's device id), so a relay cannot replay it
   * on another computer of the account. Request ids hold no `:`, so the last `:` ends the device id.
   */
  settingsRequest: (daemonDeviceId: string, requestId: string): string =>
    `ringback:settings-request:v2:${daemonDeviceId}:${requestId}`,
  settingsResult: (requestId: string): string => `ringback:settings-result:v1:${requestId}`,
  computerRequest: (daemonDeviceId: string, requestId: string): string =>
    `ringback:computer-request:v2:${daemonDeviceId}:${requestId}`,
  /** Each frame names its place in the answer, so frames cannot be reordered, repeated or moved. */
  computerAnswer: (requestId: string, seq: number): string =>
    `ringback:computer-answer:v1:${requestId}:${seq}`,
  /**
   * An app's allow or deny names the permission call and the request it answers, so it opens
   * only for that request (request ids hold no `:`).
   */
  permissionDecision: (eventId: string, requestId: string): string =>
    `ringback:permission-decision:v1:${eventId}:${requestId}`,
} as const;
