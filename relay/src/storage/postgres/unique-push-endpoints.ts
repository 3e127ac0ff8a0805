/**
 * Push subscriptions: one device per endpoint (PostgreSQL migration 7), as on SQLite
 * (storage/sqlite/unique-push-endpoints.ts): duplicates dropped, the newest row of each endpoint
 * kept, then a unique index.
 */
export const UNIQUE_PUSH_ENDPOINTS_POSTGRES = `
  DELETE FROM push_subscriptions WHERE device_id IN (
    SELECT device_id FROM (
      SELECT device_id, row_number() OVER (
        PARTITION BY endpoint ORDER BY created_at DESC, device_id DESC
      ) AS newest
      FROM push_subscriptions
    ) ranked WHERE newest > 1
  );
  DROP INDEX push_subscriptions_by_endpoint;
  CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);
`;
