import { selectCall, selectRingingCall } from '@ringback/machines';
import { Aad, type PermissionEventPlaintext, type RelayedEvent, seal } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RingbackSession } from './ringback-session';
import { fakeSessionRelay, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

const MINUTE = 60_000;
const WAIT = 10 * MINUTE;

/**
 * A permission call posted by a computer whose clock reads `computerAhead` ms past the relay's,
 * stored by the relay `age` ms before now (relay's clock).
 */
async function permissionEvent(
  key: string,
  eventId: string,
  { computerAhead = 0, age = 0 }: { computerAhead?: number; age?: number } = {},
): Promise<RelayedEvent> {
  const relayNow = Date.now();
  const postedAt = relayNow - age + computerAhead;
  const plaintext: PermissionEventPlaintext = {
    kind: 'permission',
    eventId,
    requestId: `req-${eventId}`,
    occurredAt: new Date(postedAt).toISOString(),
    expiresAt: new Date(postedAt + WAIT).toISOString(),
    computer: { deviceId: 'dev-laptop', name: 'Laptop' },
    language: 'en-US',
    request: {
      source: 'claude-code',
      sessionId: 'sess-1',
      cwd: '/home/ada/billing-api',
      toolName: 'Bash',
      action: 'command',
      subject: 'npm publish',
      description: null,
      resumed: false,
    },
  };
  return {
    eventId,
    source: 'claude-code',
    occurredAt: plaintext.occurredAt,
    taskId: null,
    sealed: await seal(key, JSON.stringify(plaintext), Aad.report(eventId)),
    status: 'pending',
    handledBy: null,
    receivedAt: new Date(relayNow - age).toISOString(),
  };
}

/** A device whose clock reads `phoneAhead` ms past the relay's; the relay's answers tell it so. */
function device(phoneAhead: number) {
  const relay = fakeSessionRelay();
  const now = () => Date.now() + phoneAhead;
  relay.setClockOffset(-phoneAhead);
  const started = startSession({ relay, now });
  sessions.push(started.session);
  started.relay.stream().onReconciled([]);
  return { ...started, now };
}

/** How long, on the phone's own clock, the call says its agent still waits. */
function remaining(d: ReturnType<typeof device>, eventId: string): number {
  const expiresAt = selectCall(d.session.queue.getSnapshot(), eventId)?.report.expiresAt;
  if (expiresAt === undefined) throw new Error('no expiry');
  return expiresAt - d.now();
}

describe("a permission call's expiry on a phone whose clock is off", () => {
  for (const [phoneAhead, label] of [
    [10 * MINUTE, '10 minutes fast'],
    [-10 * MINUTE, '10 minutes slow'],
  ] as const) {
    it(`rings with the agent's whole wait ahead on a phone ${label}, and can be decided`, async () => {
      const d = device(phoneAhead);
      d.relay.stream().onEvent(await permissionEvent(d.key, 'perm-1'));
      await vi.waitFor(() =>
        expect(selectRingingCall(d.session.queue.getSnapshot())?.report.eventId).toBe('perm-1'),
      );
      expect(Math.abs(remaining(d, 'perm-1') - WAIT)).toBeLessThan(2_000);
      expect(d.session.decidePermission('perm-1', { behavior: 'deny', via: 'tap' })).toBe(true);
      await settle();
      expect(d.relay.replies).toHaveLength(1);
    });

    it(`counts what the wait had run before the phone heard of it, on a phone ${label} and a computer 3 minutes fast`, async () => {
      const d = device(phoneAhead);
      d.relay
        .stream()
        .onEvent(await permissionEvent(d.key, 'perm-1', { computerAhead: 3 * MINUTE, age: 4 * MINUTE }));
      await vi.waitFor(() =>
        expect(selectRingingCall(d.session.queue.getSnapshot())?.report.eventId).toBe('perm-1'),
      );
      expect(Math.abs(remaining(d, 'perm-1') - 6 * MINUTE)).toBeLessThan(2_000);
    });

    it(`holds a call whose wait ran out before the phone heard of it as expired, on a phone ${label}`, async () => {
      const d = device(phoneAhead);
      d.relay.stream().onEvent(await permissionEvent(d.key, 'perm-old', { age: 11 * MINUTE }));
      await vi.waitFor(() =>
        expect(selectCall(d.session.queue.getSnapshot(), 'perm-old')?.state).toBe('missed'),
      );
      expect(remaining(d, 'perm-old')).toBeLessThan(0);
      expect(d.session.decidePermission('perm-old', { behavior: 'deny', via: 'tap' })).toBe(false);
    });
  }
});
