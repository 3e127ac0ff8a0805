import {
  DEFAULT_PERMISSION_CALL_SETTINGS,
  type PermissionCallSettings,
  type PermissionRequestDetails,
  type Presence,
} from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createPermissionPolicy } from './permission-policy';

const request = (over: Partial<PermissionRequestDetails> = {}): PermissionRequestDetails => ({
  source: 'claude-code',
  sessionId: 's-1',
  cwd: '/home/dev/billing-api',
  toolName: 'Bash',
  action: 'command',
  subject: 'npm publish',
  description: null,
  resumed: false,
  ...over,
});

function gate(settings: Partial<PermissionCallSettings>, presence: Presence) {
  let asked = 0;
  const policy = createPermissionPolicy({
    settings: () => ({ ...DEFAULT_PERMISSION_CALL_SETTINGS, ...settings }),
    presence: {
      current: async () => {
        asked += 1;
        return presence;
      },
    },
  });
  return { policy, asked: () => asked };
}

const away: Presence = { away: true, signal: 'macos-hid', idleSeconds: 300 };
const atDesk: Presence = { away: false, signal: 'desktop-app', idleSeconds: 4 };

describe('permission policy', () => {
  it('rings when the user is away, with the configured wait', async () => {
    expect(await gate({}, away).policy.check(request())).toEqual({ ring: true, waitMs: 600_000 });
    expect(await gate({ waitSeconds: 45 }, away).policy.check(request())).toEqual({
      ring: true,
      waitMs: 45_000,
    });
  });

  it('answers at once at the desk', async () => {
    expect(await gate({}, atDesk).policy.check(request())).toEqual({ ring: false, reason: 'at_desk' });
    expect(
      await gate({}, { away: false, signal: 'none', idleSeconds: null }).policy.check(request()),
    ).toEqual({
      ring: false,
      reason: 'at_desk',
    });
  });

  it('rings for a session resumed from the phone even at the desk, or set at the computer by hand', async () => {
    expect(await gate({}, atDesk).policy.check(request({ resumed: true }))).toEqual({
      ring: true,
      waitMs: 600_000,
    });
    const manual: Presence = { away: false, signal: 'manual', idleSeconds: null };
    const g = gate({ away: 'off' }, manual);
    expect(await g.policy.check(request({ resumed: true }))).toMatchObject({ ring: true });
    expect(await g.policy.check(request())).toEqual({ ring: false, reason: 'at_desk' });
  });

  it('never rings when turned off, for all agents or for one, whatever the presence', async () => {
    const off = gate({ enabled: false }, away);
    expect(await off.policy.check(request({ resumed: true }))).toEqual({ ring: false, reason: 'disabled' });
    expect(off.asked()).toBe(0);
    const noCodex = gate({ agents: { 'claude-code': true, codex: false } }, away);
    expect(await noCodex.policy.check(request({ source: 'codex' }))).toEqual({
      ring: false,
      reason: 'disabled',
    });
    expect(await noCodex.policy.check(request())).toMatchObject({ ring: true });
  });
});
