import {
  type AgentSource,
  type Brief,
  type CallStatus,
  createParser,
  type EventSource,
  type HandledBy,
  PermissionDecisionPlaintext,
  PermissionEventPlaintext,
  PermissionOutcomePlaintext,
  type ReplyStatus,
  TrackerSealedReport,
} from '@ringback/protocol';

/** A local agent's turn (its session, to resume) or a finished tracker task (its issue). */
export type CallReport =
  | { text: string; cwd: string; sessionId: string; source: AgentSource }
  | TrackerSealedReport;

const parseTrackerReport = createParser(TrackerSealedReport);
const parsePermissionRequest = createParser(PermissionEventPlaintext);
const parsePermissionDecision = createParser(PermissionDecisionPlaintext);
const parsePermissionOutcome = createParser(PermissionOutcomePlaintext);

/** What the computer said of this device's decision. */
export type PermissionDelivery = 'delivered' | 'tooLate' | 'alreadyDecided' | 'incomplete';

/** A permission call: the request the agent waited on, and this device's decision on it. */
export interface PermissionRecord {
  request: PermissionEventPlaintext;
  /** Sealed as the call's reply; kept so a reload sends the same decision (and history shows it). */
  decision?: PermissionDecisionPlaintext;
  delivery?: PermissionDelivery;
  /**
   * Another device's decision, as the computer told every device once its hook took it: history
   * and the ended call's screen say "Allowed on Phone" where the relay's status says "Answered".
   */
  outcome?: PermissionOutcomePlaintext;
}

const DELIVERIES: readonly string[] = ['delivered', 'tooLate', 'alreadyDecided', 'incomplete'];

function parsePermission(value: unknown): PermissionRecord | null {
  if (!isObject(value) || !parsePermissionRequest.check(value.request)) return null;
  const record: PermissionRecord = { request: value.request };
  if (parsePermissionDecision.check(value.decision)) record.decision = value.decision;
  if (parsePermissionOutcome.check(value.outcome)) record.outcome = value.outcome;
  if (isString(value.delivery) && DELIVERIES.includes(value.delivery))
    record.delivery = value.delivery as PermissionDelivery;
  return record;
}

export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** A pending question of the brief and what the user decided on it during the call. */
export interface CallDecision {
  question: string;
  answer: string;
}

export interface SentReply {
  replyId: string;
  text: string;
  status: ReplyStatus;
  /** With `failed`: the reason in plain words. */
  failure?: string;
}

/**
 * `ringback.call.<eventId>`: the whole event as it rang, and what happened in the call. The brief keeps
 * the `{form-of-address}` placeholder; it is replaced on reading, so a changed form applies to history.
 */
export interface CallRecord {
  eventId: string;
  /** ISO time the agent's turn ended. */
  occurredAt: string;
  /** ISO time the relay took the event in. */
  receivedAt: string;
  /** ISO time the call was answered on this device, when it was. */
  callTime?: string;
  status: CallStatus;
  handledBy?: HandledBy | null;
  /**
   * The device that answered the call and left it unfinished: the relay returned it to pending
   * (with status `pending`, history says "Answered on <name>, not finished").
   */
  unfinishedBy?: HandledBy;
  source: EventSource;
  report: CallReport;
  /** Null when the event carried no readable brief. */
  brief: Brief | null;
  conversation: ConversationTurn[];
  decisions: CallDecision[];
  replies: SentReply[];
  /** Tracker issue priority, lower is more urgent; absent for local agent reports. */
  priority?: number;
  /** ISO time of the tracker issue's last update. */
  updatedAt?: string;
  /** Tracker project name; absent for local agent reports and issues with no project. */
  project?: string;
  /** A permission call (its report is the request's subject, its brief the spoken lines). */
  permission?: PermissionRecord;
}

const CALL_STATUSES: readonly string[] = ['pending', 'answered', 'rejected', 'acknowledged', 'completed'];
const REPLY_STATUSES: readonly string[] = ['queued', 'dispatched', 'delivered', 'failed'];
const SOURCES: readonly string[] = ['claude-code', 'codex', 'tracker'];

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

function parseReply(value: unknown): SentReply | null {
  if (!isObject(value) || !isString(value.replyId) || !isString(value.text)) return null;
  if (!isString(value.status) || !REPLY_STATUSES.includes(value.status)) return null;
  const reply: SentReply = { replyId: value.replyId, text: value.text, status: value.status as ReplyStatus };
  if (isString(value.failure)) reply.failure = value.failure;
  return reply;
}

function parseHandledBy(value: unknown): HandledBy | null {
  return isObject(value) && isString(value.deviceId) && isString(value.name)
    ? { deviceId: value.deviceId, name: value.name }
    : null;
}

function parseReport(report: unknown, source: string): CallReport | null {
  if (isObject(report) && report.source === 'tracker') {
    return parseTrackerReport.check(report) ? report : null;
  }
  if (!isObject(report) || !isString(report.text) || !isString(report.cwd) || !isString(report.sessionId))
    return null;
  const reportSource = isString(report.source) && SOURCES.includes(report.source) ? report.source : source;
  // A tracker call always stores its whole issue report (above); a session without one is damaged.
  if (reportSource === 'tracker') return null;
  return {
    text: report.text,
    cwd: report.cwd,
    sessionId: report.sessionId,
    source: reportSource as AgentSource,
  };
}

/** A stored record read back; anything damaged or from another shape is null rather than a crash later. */
export function parseCallRecord(value: unknown): CallRecord | null {
  if (!isObject(value)) return null;
  const { eventId, occurredAt, receivedAt, status, source, report } = value;
  if (!isString(eventId) || eventId === '' || !isString(occurredAt) || !isString(receivedAt)) return null;
  if (!isString(status) || !CALL_STATUSES.includes(status)) return null;
  if (!isString(source) || !SOURCES.includes(source)) return null;
  const callReport = parseReport(report, source);
  if (!callReport) return null;
  const brief =
    isObject(value.brief) && (value.brief.status === 'ready' || value.brief.status === 'failed')
      ? (value.brief as unknown as Brief)
      : null;
  const record: CallRecord = {
    eventId,
    occurredAt,
    receivedAt,
    status: status as CallStatus,
    source: source as EventSource,
    report: callReport,
    brief,
    conversation: Array.isArray(value.conversation)
      ? value.conversation.filter(
          (turn): turn is ConversationTurn =>
            isObject(turn) && (turn.role === 'user' || turn.role === 'assistant') && isString(turn.text),
        )
      : [],
    decisions: Array.isArray(value.decisions)
      ? value.decisions.filter(
          (d): d is CallDecision => isObject(d) && isString(d.question) && isString(d.answer),
        )
      : [],
    replies: Array.isArray(value.replies)
      ? value.replies.map(parseReply).filter((reply): reply is SentReply => reply !== null)
      : [],
  };
  if (isString(value.callTime)) record.callTime = value.callTime;
  if (value.handledBy !== undefined) record.handledBy = parseHandledBy(value.handledBy);
  const unfinishedBy = parseHandledBy(value.unfinishedBy);
  if (unfinishedBy) record.unfinishedBy = unfinishedBy;
  if (typeof value.priority === 'number' && Number.isFinite(value.priority)) record.priority = value.priority;
  if (isString(value.updatedAt)) record.updatedAt = value.updatedAt;
  if (isString(value.project) && value.project !== '') record.project = value.project;
  const permission = parsePermission(value.permission);
  if (permission) record.permission = permission;
  return record;
}

/** Oldest first: by the time the turn ended, then by event id (UUIDv7 ids sort by time too). */
export function compareOldestFirst(
  a: Pick<CallRecord, 'eventId' | 'occurredAt'>,
  b: Pick<CallRecord, 'eventId' | 'occurredAt'>,
): number {
  const ta = Date.parse(a.occurredAt);
  const tb = Date.parse(b.occurredAt);
  const byTime = (Number.isNaN(ta) ? 0 : ta) - (Number.isNaN(tb) ? 0 : tb);
  if (byTime !== 0) return byTime;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}
