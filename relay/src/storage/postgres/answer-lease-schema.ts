/**
 * PostgreSQL migration 10, answer leases: an answered call lapses at `lease_until` (epoch ms on
 * the database's clock, which every relay instance shares) unless its device renews it; a call
 * given back to `pending` names who left it unfinished (`unfinished_by`, and that device's name
 * then, which outlives its removal). Calls answered before this migration get a
 * full lease from now, so none lapses at the upgrade.
 */
export const ANSWER_LEASE_SCHEMA_POSTGRES = `
  ALTER TABLE events ADD COLUMN lease_until BIGINT;
  ALTER TABLE events ADD COLUMN unfinished_by TEXT REFERENCES devices (id);
  ALTER TABLE events ADD COLUMN unfinished_by_name TEXT;
  UPDATE events SET lease_until = floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 120000
    WHERE status = 'answered';
  CREATE INDEX events_lease ON events (lease_until) WHERE status = 'answered';
`;

/** Now, in whole epoch ms, on the database's clock: the one clock a lease is decided on. */
export const DATABASE_NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
