/**
 * The tables relay instances coordinate through, beside the store's (a migration of the
 * PostgreSQL schema). Nothing here is history: every row lives seconds to minutes.
 */
export const CLUSTER_SCHEMA = `
  -- Which instance holds each daemon's link: its notification session, believed while alive.
  CREATE TABLE daemon_links (
    device_id TEXT PRIMARY KEY,
    link_id TEXT NOT NULL,
    listener_pid INTEGER NOT NULL,
    listener_started TIMESTAMPTZ NOT NULL,
    connected_at BIGINT NOT NULL
  );

  -- Settings requests on their way to a daemon whose link another instance holds.
  CREATE TABLE relayed_settings (
    device_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    sealed TEXT NOT NULL,
    answer JSONB,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (device_id, request_id)
  );
  CREATE INDEX relayed_settings_by_time ON relayed_settings (created_at);

  -- Wrong claim and pairing codes: per client address (scope 'address') and relay-wide (scope
  -- 'pairing' or 'claim', key ''), each with what it cost the ceiling.
  CREATE TABLE code_attempts (
    id BIGSERIAL PRIMARY KEY,
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    at BIGINT NOT NULL,
    cost INTEGER NOT NULL CHECK (cost >= 1)
  );
  CREATE INDEX code_attempts_by_key ON code_attempts (scope, key, at);
  CREATE INDEX code_attempts_by_time ON code_attempts (at);

  -- A private relay's one claim code, shared by its instances until its owner claims it.
  CREATE TABLE relay_claim (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    code TEXT NOT NULL
  );
`;

/**
 * Streamed requests to a daemon linked to another instance: the sealed request until the link's
 * instance takes it, and each sealed frame until the asker takes it (seconds at most).
 */
export const COMPUTER_REQUESTS_SCHEMA = `
  CREATE TABLE computer_requests (
    device_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    sealed TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (device_id, request_id)
  );
  CREATE INDEX computer_requests_by_time ON computer_requests (created_at);
  ALTER TABLE computer_requests ALTER COLUMN sealed SET STORAGE EXTERNAL;
  CREATE TABLE computer_frames (
    device_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    sealed TEXT NOT NULL,
    last BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (device_id, request_id, seq)
  );
  CREATE INDEX computer_frames_by_time ON computer_frames (created_at);
`;
