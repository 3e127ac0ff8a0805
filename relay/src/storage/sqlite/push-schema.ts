/**
 * The Web Push tables (SQLite migration 4). The VAPID private key is a secret kept like the
 * rest of the file (mode 0600); a subscription holds the device's public key and auth secret,
 * which only let the relay encrypt for that device.
 */
export const PUSH_SCHEMA_SQLITE = `
  CREATE TABLE vapid_keys (
    single INTEGER PRIMARY KEY CHECK (single = 1),
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  -- One per device: a new subscription replaces the old. Devices are never deleted (removal
  -- marks them), so removing one deletes its subscription in the same write.
  CREATE TABLE push_subscriptions (
    device_id TEXT PRIMARY KEY REFERENCES devices (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    endpoint TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id);
  CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);

  -- A call still ringing: its next push is due at next_at, its ring window ends at ends_at.
  -- The row goes when the call ends (the one who deletes it sends the last push), or with the
  -- event when that is purged.
  CREATE TABLE push_schedule (
    account_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    next_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, event_id),
    FOREIGN KEY (account_id, event_id) REFERENCES events (account_id, event_id) ON DELETE CASCADE
  ) STRICT;
  CREATE INDEX push_schedule_due ON push_schedule (next_at);
`;
