/**
 * PostgreSQL migration 7 (push kinds), the same as SQLite's (storage/sqlite/push-kinds-schema.ts):
 * a schedule row learns its call's last push (`last_kind`, retried until `last_until`), and the
 * devices that asked for no more re-alerts of a call, kept with the call until it is purged.
 */
export const PUSH_KINDS_SCHEMA_POSTGRES = `
  ALTER TABLE push_schedule ADD COLUMN last_kind TEXT CHECK (last_kind IN ('ended', 'missed'));
  ALTER TABLE push_schedule ADD COLUMN last_until BIGINT;

  CREATE TABLE push_quiet (
    account_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    device_id TEXT NOT NULL REFERENCES devices (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, event_id, device_id),
    FOREIGN KEY (account_id, event_id) REFERENCES events (account_id, event_id) ON DELETE CASCADE
  );
`;
