/** The two kinds of relayed request, each with its own ids and its own bound on them. */
export type RelayedKind = 'settings' | 'computer';

export interface KindRecord {
  /** Requests of this kind issued before this time are refused (ms epoch): they may have run unrecorded. */
  notBefore?: number;
  /** `[requestId, issuedAt]` of every request admitted within its window. */
  requests: [string, number][];
}

/** `relayed-requests.json`. */
export interface RelayedRecord {
  version: 2;
  settings: KindRecord;
  computer: KindRecord & {
    /**
     * Written while the daemon runs, removed when it stops cleanly: requests to the computer
     * issued up to this time (ms epoch) may be running before their id is written down. Found at
     * start, it means the daemon stopped abruptly, and those requests are refused.
     */
    runningUntil?: number;
  };
}

export const emptyRecord = (): RelayedRecord => ({
  version: 2,
  settings: { requests: [] },
  computer: { requests: [] },
});

const isTime = (value: unknown) => value === undefined || Number.isFinite(value);

function toKindRecord(value: unknown): KindRecord {
  const record = value as Partial<KindRecord> | null;
  const valid =
    isTime(record?.notBefore) &&
    Array.isArray(record?.requests) &&
    record.requests.every(
      (entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
    );
  if (!valid) throw new Error('not a relayed-requests file');
  return record as KindRecord;
}

/**
 * Reads the record, or the older one that held both kinds' ids in one list (version 1): its
 * ids and its `notBefore` then hold for both kinds, as they did.
 */
export function toRelayedRecord(value: unknown): RelayedRecord {
  const file = value as { version?: unknown; settings?: unknown; computer?: { runningUntil?: unknown } };
  if (file?.version === 1) {
    const both = toKindRecord(value);
    const copy = (): KindRecord => ({
      ...(both.notBefore === undefined ? {} : { notBefore: both.notBefore }),
      requests: [...both.requests],
    });
    return { version: 2, settings: copy(), computer: copy() };
  }
  if (file?.version !== 2 || !isTime(file.computer?.runningUntil))
    throw new Error('not a relayed-requests file');
  toKindRecord(file.settings);
  toKindRecord(file.computer);
  return file as RelayedRecord;
}
