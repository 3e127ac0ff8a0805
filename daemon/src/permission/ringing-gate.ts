import { PERMISSION_WAIT_DEFAULT_SECONDS } from '@ringback/protocol';
import type { PermissionGate } from './permission-gate';

/**
 * The gate until permission-call settings and presence exist: every request rings, and its hook
 * waits the default time. Replaced by the gate that reads the settings and the idle signal.
 */
export function ringingGate(waitMs = PERMISSION_WAIT_DEFAULT_SECONDS * 1000): PermissionGate {
  return { check: async () => ({ ring: true, waitMs }) };
}
