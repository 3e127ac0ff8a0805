export { buildRelay } from './build-relay';
export type { RelayDeps, SignupPolicy } from './relay-deps';
export type { RelayLogger } from './relay-logger';
export { createConsoleRelayLogger, createSilentRelayLogger } from './relay-logger';
export type { RelayOptions, RunningRelay } from './start-relay';
export { DEFAULT_RELAY_PORT, RETENTION_MS, startRelay } from './start-relay';
export type { PendingPage, RelayStore } from './storage/relay-store';
export type { CommitInfo, SqliteRelayStore, SqliteRelayStoreOptions } from './storage/sqlite-relay-store';
export { openSqliteRelayStore } from './storage/sqlite-relay-store';
