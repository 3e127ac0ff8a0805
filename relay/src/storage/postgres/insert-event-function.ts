/**
 * `ringback_insert_event(...)`: `insertEvent` as one server-side function, so storing an event
 * is one round trip and one statement (its own transaction) instead of BEGIN, a lock, the
 * checks, the log append, the insert and COMMIT, each a round trip and a parse. The rules are
 * those of events.ts: the account's row is locked first (racing inserts of one account wait
 * here and then see each other), a repeated event id gives the original back and logs nothing,
 * a tracker task already reported is refused, and the log entry is notified on commit.
 *
 * Returns one row: `outcome` ('created', 'repeat', 'duplicate_task' or 'no_account'), the
 * stored (or existing) event's columns, and with 'created' the seq of its log entry.
 */
export const INSERT_EVENT_FUNCTION = `
  CREATE FUNCTION ringback_insert_event(
    p_account_id TEXT, p_event_id TEXT, p_source TEXT, p_occurred_at TEXT, p_task_id TEXT,
    p_sealed TEXT, p_from_device_id TEXT, p_at BIGINT, p_channel TEXT
  ) RETURNS TABLE (
    outcome TEXT, seq BIGINT, account_id TEXT, event_id TEXT, source TEXT, occurred_at TEXT,
    task_id TEXT, sealed TEXT, status TEXT, handled_by TEXT, from_device_id TEXT,
    created_at BIGINT, ended_at BIGINT
  ) LANGUAGE plpgsql AS $$
  DECLARE
    existing events%ROWTYPE;
    taken BIGINT;
  BEGIN
    PERFORM 1 FROM accounts a WHERE a.id = p_account_id FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'no_account'::text, NULL::bigint, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    SELECT * INTO existing FROM events e WHERE e.account_id = p_account_id AND e.event_id = p_event_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'repeat'::text, NULL::bigint, existing.account_id, existing.event_id,
        existing.source, existing.occurred_at, existing.task_id, existing.sealed, existing.status,
        existing.handled_by, existing.from_device_id, existing.created_at, existing.ended_at;
      RETURN;
    END IF;
    IF p_task_id IS NOT NULL THEN
      SELECT * INTO existing FROM events e WHERE e.account_id = p_account_id AND e.task_id = p_task_id;
      IF FOUND THEN
        RETURN QUERY SELECT 'duplicate_task'::text, NULL::bigint, existing.account_id,
          existing.event_id, existing.source, existing.occurred_at, existing.task_id,
          existing.sealed, existing.status, existing.handled_by, existing.from_device_id,
          existing.created_at, existing.ended_at;
        RETURN;
      END IF;
    END IF;
    UPDATE accounts a SET next_seq = a.next_seq + 1 WHERE a.id = p_account_id
      RETURNING a.next_seq - 1 INTO taken;
    INSERT INTO account_log (account_id, seq, kind, event_id, reply_id, created_at)
      VALUES (p_account_id, taken, 'event', p_event_id, NULL, p_at);
    INSERT INTO events (account_id, event_id, source, occurred_at, task_id, sealed, status,
                        from_device_id, created_at, created_seq)
      VALUES (p_account_id, p_event_id, p_source, p_occurred_at, p_task_id, p_sealed, 'pending',
              p_from_device_id, p_at, taken);
    PERFORM pg_notify(p_channel, p_account_id || ':' || taken);
    RETURN QUERY SELECT 'created'::text, taken, p_account_id, p_event_id, p_source, p_occurred_at,
      p_task_id, p_sealed, 'pending'::text, NULL::text, p_from_device_id, p_at, NULL::bigint;
  END
  $$;
`;
