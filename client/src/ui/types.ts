/** Shapes shared by several presentational components; the lead maps machine state onto them. */

export type StatusTone = 'ok' | 'warn' | 'error';
export type StatusItem = { tone: StatusTone; text: string };
export type ConnectionState = 'connected' | 'connecting' | 'offline';

export type FailedReport = { eventId: string; title: string; reason: string };

export type MissedCall = {
  eventId: string;
  title: string;
  agentLabel: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  callTime: string;
  /** Shown on hover: the update time. */
  updatedTimeTitle?: string;
  /**
   * A permission call whose agent stopped waiting: why it can no longer be answered here, in
   * words. The row offers no Answer (a decision could not reach the agent).
   */
  expired?: string;
};

export type HistoryRow = MissedCall & {
  statusLabel: string;
  /** The computer wrote no brief for it (the call read the report). */
  briefFailed?: boolean;
  resumeCommand?: string;
  /**
   * Declined from its notification before this device had the call's words: there is nothing to
   * open or replay, so the row offers neither.
   */
  withoutWords?: boolean;
};

export type Segment = {
  /** 'paragraph' | 'card' | 'note' | 'conclusion' | 'no-brief' … shown as a small label. */
  kind: string;
  title?: string;
  sentences: string[];
};

export type ConversationTurn = { role: 'user' | 'assistant'; text: string };
export type Decision = { question: string; answer: string | null };
