import { selectCall, selectRingingCall } from '@ringback/machines';
import {
  Aad,
  open as openSealed,
  type PermissionDecisionPlaintext,
  type PermissionEventPlaintext,
  type PermissionOutcomePlaintext,
  seal,
} from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from '../../storage';
import { statusLabelOf } from '../history-labels';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

const COMPUTER = { deviceId: 'dev-laptop', name: 'Laptop' };

function request(
  eventId: string,
  over: Partial<PermissionEventPlaintext['request']> = {},
): PermissionEventPlaintext {
  const now = Date.now();
  return {
    kind: 'permission',
    eventId,
    requestId: `req-${eventId}`,
    occurredAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 600_000).toISOString(),
    computer: COMPUTER,
    language: 'en-US',
    request: {
      source: 'claude-code',
      sessionId: 'sess-1',
      cwd: '/home/ada/billing-api',
      toolName: 'Bash',
      action: 'command',
      subject: 'npm publish',
      description: 'Publish the package',
      resumed: false,
      ...over,
    },
  };
}

function device(options: Parameters<typeof startSession>[0] = {}) {
  const started = startSession(options);
  sessions.push(started.session);
  return started;
}

async function ringPermission(
  d: ReturnType<typeof device>,
  eventId = 'perm-1',
  over: Partial<PermissionEventPlaintext['request']> = {},
) {
  d.relay.stream().onReconciled([]);
  d.relay.stream().onEvent(await sealedCall(d.key, eventId, { plaintext: request(eventId, over) }));
  await vi.waitFor(() =>
    expect(selectRingingCall(d.session.queue.getSnapshot())?.report.eventId).toBe(eventId),
  );
  return eventId;
}

async function sentDecision(d: ReturnType<typeof device>, index = 0): Promise<PermissionDecisionPlaintext> {
  const sent = d.relay.replies[index];
  if (!sent) throw new Error('no reply was sent');
  return JSON.parse(
    await openSealed(d.key, sent.body.sealed, Aad.permissionDecision(sent.eventId, `req-${sent.eventId}`)),
  );
}

describe('a permission call in the session', () => {
  it('opens as a permission call, ranks as one, and speaks its own lines (no brief asked for)', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    expect(selectCall(d.session.queue.getSnapshot(), eventId)?.report.kind).toBe('permission');
    expect(d.session.openedEvent(eventId)?.permission?.requestId).toBe('req-perm-1');
    expect(d.speech.spoken).toEqual([
      'Claude Code asks to run a command.',
      'It wants to run: npm publish, in billing-api.',
      'It says: Publish the package',
    ]);
  });

  it('rings with the permission tone; a report after it rings with the incoming tone', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    expect(d.ringtone).toMatchObject({ ringing: true, kind: 'permission' });
    d.relay.stream().onEvent(await sealedCall(d.key, 'report-1'));
    d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' });
    await vi.waitFor(() =>
      expect(selectRingingCall(d.session.queue.getSnapshot())?.report.eventId).toBe('report-1'),
    );
    expect(d.ringtone).toMatchObject({ ringing: true, kind: 'report' });
  });

  it('a call whose agent stopped waiting arrives missed and cannot be decided: nothing is written', async () => {
    const d = device();
    d.relay.stream().onReconciled([]);
    const expired = request('perm-old');
    const plaintext = {
      ...expired,
      occurredAt: new Date(Date.now() - 700_000).toISOString(),
      expiresAt: new Date(Date.now() - 100_000).toISOString(),
    };
    // Posted (and stored by the relay) when it happened, 700 s ago.
    d.relay
      .stream()
      .onEvent(await sealedCall(d.key, 'perm-old', { plaintext, occurredAt: Date.now() - 700_000 }));
    await vi.waitFor(() =>
      expect(selectCall(d.session.queue.getSnapshot(), 'perm-old')?.state).toBe('missed'),
    );
    expect(d.ringtone.ringing).toBe(false);
    expect(d.session.decidePermission('perm-old', { behavior: 'allow', via: 'tap' })).toBe(false);
    await settle();
    expect(d.relay.statuses).toEqual([]);
    expect(d.relay.replies).toEqual([]);
    expect(readHistory(d.store, 'perm-old')?.permission?.decision).toBeUndefined();
  });

  it('rings while its lines are still being synthesised, and a tap decides it meanwhile', async () => {
    const d = device();
    const asked: string[] = [];
    // A voice that has not answered yet (slow, or busy with a long report).
    d.speech.synthesize = (text) => {
      asked.push(text);
      return new Promise<Blob>(() => {});
    };
    const eventId = await ringPermission(d);
    expect(d.ringtone.ringing).toBe(true);
    await vi.waitFor(() => expect(asked).toContain('Claude Code asks to run a command.'));
    expect(d.session.decidePermission(eventId, { behavior: 'deny', via: 'tap' })).toBe(true);
    await settle();
    expect(d.ringtone.ringing).toBe(false);
    expect(d.relay.replies).toHaveLength(1);
  });

  it('a tap on Allow while ringing answers, ends, and sends the decision sealed to the request', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    expect(d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' })).toBe(true);
    await settle();
    expect(d.ringtone.ringing).toBe(false);
    expect(d.relay.statuses).toEqual([
      { eventId, status: 'answered' },
      { eventId, status: 'completed' },
    ]);
    expect(d.relay.replies).toHaveLength(1);
    expect(await sentDecision(d)).toMatchObject({
      kind: 'permission-decision',
      eventId,
      requestId: 'req-perm-1',
      behavior: 'allow',
      via: 'tap',
    });
    // Sealed for this request only: the reply AAD does not open it.
    const sealed = d.relay.replies[0]?.body.sealed ?? '';
    await expect(openSealed(d.key, sealed, Aad.reply(eventId))).rejects.toThrow();
    expect(d.session.view.get().reply).toEqual({ eventId });
    expect(readHistory(d.store, eventId)?.permission?.decision?.behavior).toBe('allow');
  });

  it('deny with words in the call carries the words, and the call ends with no reply panel to write', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.session.answer(eventId);
    await settle();
    expect(d.session.view.get().call?.eventId).toBe(eventId);
    d.session.decidePermission(eventId, { behavior: 'deny', message: '  Not on a Friday.  ', via: 'tap' });
    await settle();
    expect(d.session.view.get().call).toBeNull();
    expect(await sentDecision(d)).toMatchObject({ behavior: 'deny', message: 'Not on a Friday.' });
    expect(d.relay.statuses.map((s) => s.status)).toEqual(['answered', 'completed']);
    // Decided once: a second decision is refused.
    expect(d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' })).toBe(false);
  });

  it('seals allow, deny and a deny with short words to the same length: the relay cannot tell them apart', async () => {
    const d = device();
    d.relay.stream().onReconciled([]);
    const choices = [
      { behavior: 'allow', via: 'tap' },
      { behavior: 'deny', via: 'tap' },
      { behavior: 'deny', message: 'Not on a Friday.', via: 'voice' },
    ] as const;
    for (const [index, choice] of choices.entries()) {
      const eventId = `perm-${index}`;
      d.relay.stream().onEvent(await sealedCall(d.key, eventId, { plaintext: request(eventId) }));
      await vi.waitFor(() =>
        expect(selectRingingCall(d.session.queue.getSnapshot())?.report.eventId).toBe(eventId),
      );
      expect(d.session.decidePermission(eventId, choice)).toBe(true);
      await settle();
    }
    const lengths = d.relay.replies.map((reply) => reply.body.sealed.length);
    expect(lengths).toHaveLength(3);
    expect(new Set(lengths).size).toBe(1);
    // Each still opens to its own decision.
    expect((await sentDecision(d, 2)).message).toBe('Not on a Friday.');
  });

  it('a decision caught sending by a reload is sent again with the same id and the same decision', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.relay.answerReplies(() => new Promise(() => {}));
    d.session.decidePermission(eventId, { behavior: 'deny', message: 'No', via: 'voice' });
    await settle();
    const first = await sentDecision(d, 0);
    d.session.stop();

    const again = device({ store: d.store, key: d.key, relay: d.relay });
    await settle();
    expect(d.relay.replies).toHaveLength(2);
    expect(d.relay.replies[1]?.body.replyId).toBe(d.relay.replies[0]?.body.replyId);
    expect(await sentDecision(d, 1)).toEqual(first);
    expect(again.session.view.get().reply).toEqual({ eventId });
  });

  it('keeps "too late" when the computer says its hook had stopped waiting', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' });
    await settle();
    const replyId = d.relay.replies[0]?.body.replyId ?? '';
    const failure = await seal(
      d.key,
      JSON.stringify({ reason: 'too late', code: 'too_late' }),
      Aad.replyError(replyId),
    );
    d.relay.stream().onReply({ eventId, replyId, status: 'failed', failure, error: null });
    await settle();
    expect(readHistory(d.store, eventId)?.permission?.delivery).toBe('tooLate');
  });

  it('a request not shown whole (complete: false) is never allowed from here; a deny goes out, and the call says why', async () => {
    const d = device();
    const eventId = await ringPermission(d, 'perm-1', { complete: false });
    await vi.waitFor(() =>
      expect(d.speech.spoken).toEqual([
        'Claude Code asks to run a command.',
        'It wants to run: npm publish, in billing-api.',
        'It is too long to show in full here: to allow it, answer at the computer.',
        'It says: Publish the package',
      ]),
    );
    for (const via of ['tap', 'voice'] as const)
      expect(d.session.decidePermission(eventId, { behavior: 'allow', via })).toBe(false);
    await settle();
    expect(d.relay.statuses).toEqual([]);
    expect(d.relay.replies).toEqual([]);
    expect(readHistory(d.store, eventId)?.permission?.decision).toBeUndefined();
    expect(d.ringtone.ringing).toBe(true);

    expect(d.session.decidePermission(eventId, { behavior: 'deny', via: 'tap' })).toBe(true);
    await settle();
    expect(await sentDecision(d)).toMatchObject({ behavior: 'deny' });
  });

  it('keeps "answer at the computer" when the computer refuses an allow of a request not shown whole', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' });
    await settle();
    const replyId = d.relay.replies[0]?.body.replyId ?? '';
    const failure = await seal(
      d.key,
      JSON.stringify({ reason: 'too long', code: 'incomplete' }),
      Aad.replyError(replyId),
    );
    d.relay.stream().onReply({ eventId, replyId, status: 'failed', failure, error: null });
    await settle();
    expect(readHistory(d.store, eventId)?.permission?.delivery).toBe('incomplete');
  });

  it('keeps "too late" when the relay refuses the decision because the computer ended the call', async () => {
    const { ReplyRefusedError } = await import('@ringback/machines');
    const d = device();
    const eventId = await ringPermission(d);
    d.relay.answerReplies(async () => {
      throw new ReplyRefusedError(COMPUTER);
    });
    d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' });
    await settle();
    expect(readHistory(d.store, eventId)?.permission?.delivery).toBe('tooLate');
  });

  it('stops ringing when the computer ends the call itself, and history names the computer', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.relay.stream().onStatus({ eventId, status: 'completed', handledBy: COMPUTER });
    await settle();
    expect(d.ringtone.ringing).toBe(false);
    expect(selectCall(d.session.queue.getSnapshot(), eventId)?.state).toBe('endedElsewhere');
    expect(readHistory(d.store, eventId)).toMatchObject({ status: 'completed', handledBy: COMPUTER });
    expect(readHistory(d.store, eventId)?.permission?.request.computer).toEqual(COMPUTER);
    // Its screen says where it went, with nothing left to decide.
    expect(d.session.view.get().permissionEnded).toEqual({ eventId, by: COMPUTER });
    expect(d.session.decidePermission(eventId, { behavior: 'allow', via: 'tap' })).toBe(false);
  });

  it('says "Allowed on Phone" once the computer tells this device, which did not decide, how another one did', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    const phone = { deviceId: 'dev-phone', name: 'Phone' };
    d.relay.stream().onStatus({ eventId, status: 'answered', handledBy: phone });
    await settle();
    expect(d.session.view.get().permissionEnded).toEqual({ eventId, by: phone });
    expect(statusLabelOf(readHistory(d.store, eventId) ?? ({} as never))).toBe('Answered on Phone');

    const outcome: PermissionOutcomePlaintext = {
      kind: 'permission-outcome',
      eventId,
      behavior: 'allow',
      deviceName: 'Phone',
      decidedAt: 1_700_000_000_000,
    };
    const frame = { eventId, replyId: 'r-phone', failure: null, error: null };
    d.relay.stream().onReply({ ...frame, status: 'queued' });
    d.relay.stream().onReply({
      ...frame,
      status: 'delivered',
      outcome: await seal(d.key, JSON.stringify(outcome), Aad.replyOutcome('r-phone')),
    });
    await settle();
    const record = readHistory(d.store, eventId);
    expect(record?.permission?.outcome).toEqual(outcome);
    expect(statusLabelOf(record ?? ({} as never))).toBe('Allowed on Phone');
    // Nothing of this device's own: no decision, no delivery, no reply panel.
    expect(record?.permission?.decision).toBeUndefined();
    expect(record?.permission?.delivery).toBeUndefined();
    expect(d.session.view.get().reply).toBeNull();
    expect(d.relay.replies).toEqual([]);
  });

  it('ignores an outcome sealed for another reply or naming another call', async () => {
    const d = device();
    const eventId = await ringPermission(d);
    d.relay
      .stream()
      .onStatus({ eventId, status: 'completed', handledBy: { deviceId: 'dev-phone', name: 'Phone' } });
    const outcome = {
      kind: 'permission-outcome',
      eventId,
      behavior: 'allow',
      deviceName: 'Phone',
      decidedAt: 1,
    };
    const frame = { eventId, failure: null, error: null, status: 'delivered' as const };
    d.relay.stream().onReply({
      ...frame,
      replyId: 'r-1',
      outcome: await seal(d.key, JSON.stringify(outcome), Aad.replyOutcome('r-other')),
    });
    d.relay.stream().onReply({
      ...frame,
      replyId: 'r-2',
      outcome: await seal(
        d.key,
        JSON.stringify({ ...outcome, eventId: 'perm-other' }),
        Aad.replyOutcome('r-2'),
      ),
    });
    d.relay.stream().onReply({ ...frame, replyId: 'r-3', outcome: 'e1.not-sealed' });
    await settle();
    expect(readHistory(d.store, eventId)?.permission?.outcome).toBeUndefined();
    expect(statusLabelOf(readHistory(d.store, eventId) ?? ({} as never))).toBe('Answered on Phone');
  });
});
