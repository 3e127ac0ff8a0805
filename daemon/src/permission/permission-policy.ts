import type { PermissionCallSettings, PermissionRequestDetails, Presence } from '@ringback/protocol';
import type { PermissionGate, PermissionGateVerdict } from './permission-gate';

export interface PermissionPolicyDeps {
  settings: () => PermissionCallSettings;
  presence: { current(): Promise<Presence> };
}

/**
 * The real permission gate: rings only when permission calls are on, for this agent, and the
 * user is away from this computer (set by hand, or idle past `idleSeconds`). A session Ringback
 * resumed from the phone has nobody at its terminal, so it rings even when the user is marked at
 * the computer. The wait is the configured one.
 */
export function createPermissionPolicy(deps: PermissionPolicyDeps): PermissionGate {
  return {
    async check(request: PermissionRequestDetails): Promise<PermissionGateVerdict> {
      const settings = deps.settings();
      if (!settings.enabled || !settings.agents[request.source]) return { ring: false, reason: 'disabled' };
      const ring: PermissionGateVerdict = { ring: true, waitMs: settings.waitSeconds * 1000 };
      if (request.resumed) return ring;
      return (await deps.presence.current()).away ? ring : { ring: false, reason: 'at_desk' };
    },
  };
}
