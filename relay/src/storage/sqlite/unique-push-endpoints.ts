/**
 * Push subscriptions: one device per endpoint (SQLite migration 5). An endpoint is one browser's
 * subscription on one phone: held by two rows, a 410 for one would have dropped the other, and
 * another account could have had the phone's pushes. Duplicates are dropped first, the newest
 * row of each endpoint kept (the phone's latest subscription), then the index makes it a rule.
 */
export const UNIQUE_PUSH_ENDPOINTS_SQLITE = `
  DELETE FROM push_subscriptions WHERE device_id IN (
    SELECT device_id FROM (
      SELECT device_id, row_number() OVER (
        PARTITION BY endpoint ORDER BY created_at DESC, device_id DESC
      ) AS newest
      FROM push_subscriptions
    ) WHERE newest > 1
  );
  DROP INDEX push_subscriptions_by_endpoint;
  CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);
`;
