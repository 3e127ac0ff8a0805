/**
 * The flat record earlier daemons kept per outbox entry in place of the machine's snapshot:
 * `{schemaVersion: 1, state, eventId, source, acceptedAt, deliveryAttempts, lastError}`. Read
 * so that an outbox written by them still loads; never written.
 */
export interface LegacyOutboxEntry {
  schemaVersion: 1;
  state: string;
  eventId?: unknown;
  source?: unknown;
  acceptedAt?: unknown;
  deliveryAttempts?: unknown;
  lastError?: unknown;
}

/**
 * Where each state of the flat record resumes. `waitingToRetry` and `awaitingRelay` are states
 * of still earlier versions, whose entries now wait with the others for the delivery gate.
 */
const LEGACY_STATES: Record<string, string> = {
  resuming: 'stored',
  stored: 'stored',
  generating: 'stored',
  generated: 'generated',
  delivering: 'generated',
  waitingToRetry: 'generated',
  awaitingRelay: 'generated',
  delivered: 'delivered',
  dropped: 'dropped',
};

export function isLegacyOutboxEntry(raw: unknown): raw is LegacyOutboxEntry {
  const entry = raw as { schemaVersion?: unknown; state?: unknown; context?: unknown } | null;
  return typeof entry === 'object' && entry !== null && 'state' in entry && !('context' in entry);
}

/** The snapshot the machine would have persisted for it; checked by the caller like any snapshot. */
export function snapshotOfLegacyEntry(entry: LegacyOutboxEntry): unknown {
  if (entry.schemaVersion !== 1) throw new Error(`unknown schema version ${String(entry.schemaVersion)}`);
  const value = LEGACY_STATES[entry.state];
  if (!value) throw new Error(`unknown state ${String(entry.state)}`);
  return {
    value,
    context: {
      schemaVersion: 1,
      eventId: entry.eventId,
      source: entry.source,
      acceptedAt: entry.acceptedAt,
      deliveryAttempts: entry.deliveryAttempts,
      lastError: entry.lastError ?? null,
    },
  };
}
