import type { EventReport, ReplyPlaintext } from '@ringback/protocol';

/**
 * What a reply says to the computer: resume this agent session, or (for a tracker call) comment
 * on this issue in this workspace. Sealed before it leaves the device.
 */
export function replyPlaintextOf(eventId: string, report: EventReport, text: string): ReplyPlaintext {
  if (report.source === 'tracker') {
    return { eventId, source: 'tracker', workspaceId: report.workspaceId, issueId: report.issueId, text };
  }
  return { eventId, source: report.source, sessionId: report.sessionId, text };
}
