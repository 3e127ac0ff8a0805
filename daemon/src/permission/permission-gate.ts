import type { PermissionRequestDetails } from '@ringback/protocol';

/**
 * Whether a permission request should ring the phone, and for how long its hook waits. It rings
 * only when permission calls are on (for that agent) and the user is away from this computer (a
 * session resumed from the phone always counts as away): at the desk the hook answers "no
 * decision" at once and the agent shows its own prompt.
 */
export type PermissionGateVerdict =
  | { ring: true; waitMs: number }
  | { ring: false; reason: 'disabled' | 'at_desk' };

export interface PermissionGate {
  check(request: PermissionRequestDetails): Promise<PermissionGateVerdict>;
}
