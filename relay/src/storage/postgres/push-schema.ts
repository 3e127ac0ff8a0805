/**
 * The Web Push tables on PostgreSQL (migration 5), the same as SQLite's (storage/sqlite/push-schema.ts).
 * Shared by every relay instance: the first key pair stored is everyone's, a due re-alert is
 * claimed by one instance (its row locked, SKIP LOCKED by the others), and a schedule's row is
 * deleted by one caller, who sends the call's last push.
 */
export const PUSH_SCHEMA_POSTGRES = `
  CREATE TABLE vapid_keys (
    single BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (single),
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );

  CREATE TABLE push_subscriptions (
    device_id TEXT PRIMARY KEY REFERENCES devices (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    endpoint TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id);
  CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);

  CREATE TABLE push_schedule (
    account_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    next_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, event_id),
    FOREIGN KEY (account_id, event_id) REFERENCES events (account_id, event_id) ON DELETE CASCADE
  );
  CREATE INDEX push_schedule_due ON push_schedule (next_at);
`;
