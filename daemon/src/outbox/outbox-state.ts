import type { AgentSource } from '@ringback/protocol';

/** Sessions remembered for resuming agents after a reply; the oldest are forgotten first. */
export const MAX_REMEMBERED_SESSIONS = 1000;

export interface SessionRecord {
  cwd: string;
  source: AgentSource;
  lastReportAt: string;
  /** The agent's permission mode at its last Stop (`permission_mode`), so a reply resumes it alike. */
  permissionMode?: string;
}

export interface StoredEntry {
  eventId: string;
  /** The entry machine's persisted snapshot, opaque to the store. */
  snapshot: unknown;
}

/**
 * The outbox as `outbox.json` (the checkpoint) and `outbox.journal` (the changes since) describe
 * it together: the checkpoint read, then every journal record applied in order.
 */
export interface OutboxState {
  /** The checkpoint's generation; only a journal of the same generation continues it. */
  generation: number;
  /** Every segment up to this number holds only payloads of entries named here or finished. */
  segment: number;
  entries: Map<string, unknown>;
  sessions: Map<string, SessionRecord>;
  /** The delivery gate's persisted state. */
  delivery: unknown;
}

export function emptyOutboxState(): OutboxState {
  return { generation: 0, segment: 0, entries: new Map(), sessions: new Map(), delivery: null };
}

/** Remembers (or refreshes) a session as the newest; forgets the oldest beyond the bound. */
export function rememberSession(
  sessions: Map<string, SessionRecord>,
  sessionId: string,
  record: SessionRecord,
): void {
  sessions.delete(sessionId);
  sessions.set(sessionId, record);
  if (sessions.size > MAX_REMEMBERED_SESSIONS) {
    const oldest = sessions.keys().next().value;
    if (oldest !== undefined) sessions.delete(oldest);
  }
}

function isStoredEntry(entry: unknown): entry is StoredEntry {
  const candidate = entry as Partial<StoredEntry> | null;
  return typeof candidate?.eventId === 'string' && candidate.snapshot !== undefined;
}

function sessionPairs(value: unknown): [string, SessionRecord][] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (pair): pair is [string, SessionRecord] =>
      Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'object' && pair[1] !== null,
  );
}

/**
 * `outbox.json`. Version 2 is continued by `outbox.journal`; version 1 (earlier daemons) was
 * rewritten whole on every change and has no journal. Throws when the text is neither.
 */
export function parseCheckpoint(text: string): OutboxState {
  const document = JSON.parse(text) as Record<string, unknown> | null;
  const version = document?.version;
  if ((version !== 1 && version !== 2) || !Array.isArray(document?.entries))
    throw new Error('unknown outbox format');
  const state = emptyOutboxState();
  state.generation = version === 2 && Number.isInteger(document.journal) ? (document.journal as number) : 0;
  state.segment = Number.isInteger(document.segment) ? (document.segment as number) : 0;
  for (const entry of document.entries.filter(isStoredEntry))
    state.entries.set(entry.eventId, entry.snapshot);
  for (const [id, session] of sessionPairs(document.sessions)) state.sessions.set(id, session);
  state.delivery = document.delivery ?? null;
  return state;
}

/** The checkpoint text, assembled from already serialised entries so a compaction joins strings. */
export function serializeCheckpoint(parts: {
  generation: number;
  segment: number;
  entries: string[];
  sessions: Map<string, SessionRecord>;
  delivery: string | null;
}): string {
  return (
    `{"version":2,"journal":${parts.generation},"segment":${parts.segment},` +
    `"delivery":${parts.delivery ?? 'null'},"entries":[${parts.entries.join(',')}],` +
    `"sessions":${JSON.stringify([...parts.sessions])}}`
  );
}

/** One journal record: what one commit changed. */
export interface JournalRecordParts {
  segment: number;
  /** Entries added or changed, serialised as `{"eventId":…,"snapshot":…}`. */
  entries: string[];
  removed: string[];
  sessions: [string, SessionRecord][];
  /** The delivery gate, serialised, when it changed. */
  delivery: string | null;
}

export function serializeJournalRecord(parts: JournalRecordParts): string {
  let json = `{"segment":${parts.segment}`;
  if (parts.entries.length > 0) json += `,"entries":[${parts.entries.join(',')}]`;
  if (parts.removed.length > 0) json += `,"removed":${JSON.stringify(parts.removed)}`;
  if (parts.sessions.length > 0) json += `,"sessions":${JSON.stringify(parts.sessions)}`;
  if (parts.delivery !== null) json += `,"delivery":${parts.delivery}`;
  return `${json}}`;
}

/** Applies one journal record (as parsed) to the state, in place. */
export function applyJournalRecord(state: OutboxState, raw: unknown): void {
  const record = raw as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) return;
  if (Number.isInteger(record.segment)) state.segment = record.segment as number;
  if (Array.isArray(record.entries))
    for (const entry of record.entries.filter(isStoredEntry))
      state.entries.set(entry.eventId, entry.snapshot);
  if (Array.isArray(record.removed))
    for (const id of record.removed) if (typeof id === 'string') state.entries.delete(id);
  for (const [id, session] of sessionPairs(record.sessions)) rememberSession(state.sessions, id, session);
  if (record.delivery !== undefined) state.delivery = record.delivery;
}
