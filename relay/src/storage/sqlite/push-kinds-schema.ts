/**
 * SQLite migration 5, push kinds: a schedule row learns its call's last push (`last_kind`, decided
 * on the relay's clock, retried until `last_until`), so the row stays until that push went out;
 * and the devices that asked for no more re-alerts of a call (silent hours, a notification
 * swiped away), kept with the call until it is purged.
 */
export const PUSH_KINDS_SCHEMA_SQLITE = `
  ALTER TABLE push_schedule ADD COLUMN last_kind TEXT CHECK (last_kind IN ('ended', 'missed'));
  ALTER TABLE push_schedule ADD COLUMN last_until INTEGER;

  CREATE TABLE push_quiet (
    account_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    device_id TEXT NOT NULL REFERENCES devices (id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, event_id, device_id),
    FOREIGN KEY (account_id, event_id) REFERENCES events (account_id, event_id) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;
`;
