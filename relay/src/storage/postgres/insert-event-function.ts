/**
 * `ringback_insert_events(...)`: `insertEvent` for a batch of events as one server-side function,
 * so events that arrive together are stored by one statement, one round trip and one commit
 * (group commit), instead of BEGIN, a lock, the checks, the log append, the insert and COMMIT
 * for each. The rules are those of the single insert: each account's row is locked first
 * (racing inserts of one account, in this batch or another, wait and then see each other), a
 * repeated event id gives the original back and logs nothing, a tracker task already reported
 * is refused. The caller sorts the batch by account, so two batches lock accounts in the same
 * order and never deadlock.
 *
 * The new log entries are announced on `p_channel` in one notification per batch (several when
 * they would not fit in one): `<account>:<seq>` entries joined by `,`, delivered on commit.
 *
 * Returns one row per input, by its index: `outcome` ('created', 'repeat', 'duplicate_task' or
 * 'no_account'), with 'created' the seq of its log entry, and with 'repeat' or
 * 'duplicate_task' the existing event's columns.
 */
export const INSERT_EVENTS_FUNCTION = `
  CREATE FUNCTION ringback_insert_events(
    p_account_ids TEXT[], p_event_ids TEXT[], p_sources TEXT[], p_occurred_at TEXT[],
    p_task_ids TEXT[], p_sealed TEXT[], p_from_device_ids TEXT[], p_at BIGINT, p_channel TEXT
  ) RETURNS TABLE (
    idx INTEGER, outcome TEXT, seq BIGINT, account_id TEXT, event_id TEXT, source TEXT,
    occurred_at TEXT, task_id TEXT, sealed TEXT, status TEXT, handled_by TEXT,
    from_device_id TEXT, created_at BIGINT, ended_at BIGINT
  ) LANGUAGE plpgsql AS $$
  DECLARE
    i INTEGER;
    existing events%ROWTYPE;
    taken BIGINT;
    announced TEXT := '';
    entry TEXT;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(p_event_ids, 1), 0) LOOP
      PERFORM 1 FROM accounts a WHERE a.id = p_account_ids[i] FOR NO KEY UPDATE;
      IF NOT FOUND THEN
        idx := i; outcome := 'no_account'; seq := NULL;
        account_id := NULL; event_id := NULL; source := NULL; occurred_at := NULL; task_id := NULL;
        sealed := NULL; status := NULL; handled_by := NULL; from_device_id := NULL;
        created_at := NULL; ended_at := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
      SELECT * INTO existing FROM events e
        WHERE e.account_id = p_account_ids[i] AND e.event_id = p_event_ids[i];
      IF FOUND THEN
        outcome := 'repeat';
      ELSIF p_task_ids[i] IS NOT NULL THEN
        SELECT * INTO existing FROM events e
          WHERE e.account_id = p_account_ids[i] AND e.task_id = p_task_ids[i];
        outcome := CASE WHEN FOUND THEN 'duplicate_task' ELSE NULL END;
      ELSE
        outcome := NULL;
      END IF;
      IF outcome IS NOT NULL THEN
        idx := i; seq := NULL;
        account_id := existing.account_id; event_id := existing.event_id;
        source := existing.source; occurred_at := existing.occurred_at;
        task_id := existing.task_id; sealed := existing.sealed; status := existing.status;
        handled_by := existing.handled_by; from_device_id := existing.from_device_id;
        created_at := existing.created_at; ended_at := existing.ended_at;
        RETURN NEXT;
        CONTINUE;
      END IF;
      UPDATE accounts a SET next_seq = a.next_seq + 1 WHERE a.id = p_account_ids[i]
        RETURNING a.next_seq - 1 INTO taken;
      INSERT INTO account_log (account_id, seq, kind, event_id, reply_id, created_at)
        VALUES (p_account_ids[i], taken, 'event', p_event_ids[i], NULL, p_at);
      INSERT INTO events (account_id, event_id, source, occurred_at, task_id, sealed, status,
                          from_device_id, created_at, created_seq)
        VALUES (p_account_ids[i], p_event_ids[i], p_sources[i], p_occurred_at[i], p_task_ids[i],
                p_sealed[i], 'pending', p_from_device_ids[i], p_at, taken);
      entry := p_account_ids[i] || ':' || taken;
      -- A notification carries at most 8000 bytes: send what gathered before it would not fit.
      IF length(announced) + length(entry) + 1 > 7900 THEN
        PERFORM pg_notify(p_channel, announced);
        announced := '';
      END IF;
      announced := CASE WHEN announced = '' THEN entry ELSE announced || ',' || entry END;
      idx := i; outcome := 'created'; seq := taken;
      -- The caller has the rest of a new event: only the seq travels back.
      account_id := NULL; event_id := NULL; source := NULL; occurred_at := NULL; task_id := NULL;
      sealed := NULL; status := NULL; handled_by := NULL; from_device_id := NULL;
      created_at := NULL; ended_at := NULL;
      RETURN NEXT;
    END LOOP;
    IF announced <> '' THEN
      PERFORM pg_notify(p_channel, announced);
    END IF;
  END
  $$;
`;
