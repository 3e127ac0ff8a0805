/**
 * SQLite migration 7, answer leases: an answered call lapses at `lease_until` (epoch ms, the
 * relay's clock) unless its device renews it; a call given back to `pending` names who
 * left it unfinished (`unfinished_by`, and that device's name then, which outlives its removal).
 * Calls answered before this migration get a full lease from now, so none lapses at the upgrade.
 */
export const ANSWER_LEASE_SCHEMA_SQLITE = `
  ALTER TABLE events ADD COLUMN lease_until INTEGER;
  ALTER TABLE events ADD COLUMN unfinished_by TEXT REFERENCES devices (id);
  ALTER TABLE events ADD COLUMN unfinished_by_name TEXT;
  UPDATE events SET lease_until = CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 120000
    WHERE status = 'answered';
  CREATE INDEX events_lease ON events (lease_until) WHERE status = 'answered';
`;
