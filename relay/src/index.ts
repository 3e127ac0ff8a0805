export { buildRelay } from './build-relay';
export type { RelayDeps, SignupPolicy } from './relay-deps';
export type { RelayLogger } from './relay-logger';
export { createConsoleRelayLogger, createSilentRelayLogger } from './relay-logger';
export type { RelayOptions, RunningRelay } from './start-relay';
export { DEFAULT_RELAY_PORT, RETENTION_MS, startRelay } from './start-relay';
