/**
 * PostgreSQL migration 8 (push kinds), `ringback_insert_events` again with two more parameters:
 * with Web Push on (its `p_ring_window` not null) each new call's `push_schedule` row is written in
 * the same transaction as the call (first re-alert `p_realert_in` ms after `p_at`, ring window
 * ending `p_ring_window` ms after it), so a call stored is never left without its pushes. The
 * rest is migration 3's function (insert-event-function.ts, which stays as released): the same
 * locks, outcomes and notifications. The old 9-argument function stays beside it (PostgreSQL
 * tells them apart by their arguments): relays of the previous release, still running during a
 * rolling upgrade, keep storing calls with it. A later release drops it.
 */
export const INSERT_EVENTS_WITH_SCHEDULE_FUNCTION = `
  CREATE FUNCTION ringback_insert_events(
    p_account_ids TEXT[], p_event_ids TEXT[], p_sources TEXT[], p_occurred_at TEXT[],
    p_task_ids TEXT[], p_sealed TEXT[], p_from_device_ids TEXT[], p_at BIGINT, p_channel TEXT,
    p_realert_in BIGINT[], p_ring_window BIGINT[]
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
      -- Web Push on: the call's re-alert schedule, in the same transaction as the call.
      IF p_ring_window[i] IS NOT NULL THEN
        INSERT INTO push_schedule (account_id, event_id, next_at, ends_at)
          VALUES (p_account_ids[i], p_event_ids[i], p_at + p_realert_in[i], p_at + p_ring_window[i])
          ON CONFLICT DO NOTHING;
      END IF;
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
