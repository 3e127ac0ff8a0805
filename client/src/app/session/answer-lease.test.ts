import { ANSWER_LEASE_MS, ANSWER_LEASE_RENEW_MS } from '@ringback/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaseRenewal } from '../../relay';
import { relayErrorOf } from '../../relay/relay-error';
import { AnswerLease } from './answer-lease';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function lease(answer: (eventId: string) => Promise<LeaseRenewal>, held: string[]) {
  const renewed: string[] = [];
  const lost: { eventId: string; by: string | null }[] = [];
  /** The page's `listenForPageReturns`, played by the test: `pageBack()` is the page shown again. */
  const listeners = new Set<() => void>();
  const keeper = new AnswerLease({
    renew: (eventId) => {
      renewed.push(eventId);
      return answer(eventId);
    },
    held: () => held,
    onLost: (eventId, by) => lost.push({ eventId, by: by?.name ?? null }),
    pageReturns: (onReturn) => {
      listeners.add(onReturn);
      return () => listeners.delete(onReturn);
    },
  });
  keeper.start();
  const pageBack = async () => {
    for (const listener of [...listeners]) listener();
    // The renewals' answers, not any time: the fake clock stands still.
    await vi.advanceTimersByTimeAsync(0);
  };
  return { keeper, renewed, lost, held, pageBack, listeners };
}

describe('AnswerLease', () => {
  it('renews every held call well within the lease, and stops when nothing is held', async () => {
    expect(ANSWER_LEASE_RENEW_MS * 3).toBeLessThan(ANSWER_LEASE_MS);
    const held = ['evt-1'];
    const { keeper, renewed } = lease(async () => ({ held: true }), held);
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 3);
    expect(renewed).toEqual(['evt-1', 'evt-1', 'evt-1']);
    held.splice(0);
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 2);
    expect(renewed).toHaveLength(3);
    keeper.stop();
  });

  it('a 409 stops renewing that call and says who has it; a failed renewal is tried again', async () => {
    let attempts = 0;
    const { keeper, renewed, lost } = lease(
      async (eventId) => {
        attempts += 1;
        if (eventId === 'evt-2' && attempts < 3) throw new Error('offline');
        if (eventId === 'evt-1') return { held: false, handledBy: { deviceId: 'd', name: 'Desk' } };
        return { held: true };
      },
      ['evt-1', 'evt-2'],
    );
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 3);
    expect(lost).toEqual([{ eventId: 'evt-1', by: 'Desk' }]);
    expect(keeper.isLost('evt-1')).toBe(true);
    expect(renewed.filter((id) => id === 'evt-1')).toHaveLength(1);
    expect(renewed.filter((id) => id === 'evt-2')).toHaveLength(3);
    keeper.stop();
  });

  /** The error the relay client throws for this answer from the relay. */
  function refusal(status: number, error?: string): Promise<never> {
    const body = error ? JSON.stringify({ error, message: error }) : 'Gone';
    return relayErrorOf(new Response(body, { status })).then((refused) => Promise.reject(refused));
  }

  it.each([
    ['404 event_not_found', 404, 'event_not_found'],
    ['410 (the call is gone)', 410, undefined],
    ['403 not_call_answerer', 403, 'not_call_answerer'],
  ] as const)('AnswerLease stops renewing a call on %s', async (_name, status, error) => {
    const { keeper, renewed, lost } = lease(
      (eventId) => (eventId === 'evt-1' ? refusal(status, error) : Promise.resolve({ held: true })),
      ['evt-1', 'evt-2'],
    );
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 3);
    expect(renewed.filter((id) => id === 'evt-1')).toHaveLength(1);
    // Another call this device holds is still renewed, and nothing claims another device took it.
    expect(renewed.filter((id) => id === 'evt-2')).toHaveLength(3);
    expect(lost).toEqual([]);
    keeper.stop();
  });

  it('AnswerLease stops renewing a call on 401 (this device was removed), and every other call too', async () => {
    const held = ['evt-1'];
    const { keeper, renewed, lost } = lease(
      (eventId) => (eventId === 'evt-1' ? refusal(401, 'unauthorized') : Promise.resolve({ held: true })),
      held,
    );
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS);
    held.push('evt-2');
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 2);
    expect(renewed).toEqual(['evt-1']);
    expect(lost).toEqual([]);
    keeper.stop();
  });

  it('renews every held call at once when the page is back from being frozen, not a tick later', async () => {
    const { keeper, renewed, pageBack } = lease(async () => ({ held: true }), ['evt-1', 'evt-2']);
    // Frozen in the background past the lease: no tick ran. Back, it renews before any tick.
    await pageBack();
    expect(renewed).toEqual(['evt-1', 'evt-2']);
    await pageBack();
    expect(renewed).toHaveLength(4);
    // The ticks go on as before.
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS);
    expect(renewed).toHaveLength(6);
    keeper.stop();
  });

  it('renews a call once at a time however many ways the page says it is back (visible, shown, online, focus)', async () => {
    const answers: ((renewal: LeaseRenewal) => void)[] = [];
    const { keeper, renewed, lost, pageBack } = lease(
      () => new Promise<LeaseRenewal>((resolve) => answers.push(resolve)),
      ['evt-1'],
    );
    for (let event = 0; event < 4; event++) await pageBack();
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS);
    expect(renewed).toEqual(['evt-1']);
    // Answered (the relay took the call back for this device, or it was still its own): the next
    // return renews again.
    answers[0]?.({ held: true });
    await vi.advanceTimersByTimeAsync(0);
    await pageBack();
    expect(renewed).toEqual(['evt-1', 'evt-1']);
    expect(lost).toEqual([]);
    keeper.stop();
  });

  it('renews nothing when the page is back once stopped, or once the device was removed', async () => {
    const stopped = lease(async () => ({ held: true }), ['evt-1']);
    stopped.keeper.stop();
    await stopped.pageBack();
    expect(stopped.renewed).toEqual([]);
    expect(stopped.listeners.size).toBe(0);

    const removed = lease(() => refusal(401, 'unauthorized'), ['evt-1']);
    await removed.pageBack();
    await removed.pageBack();
    expect(removed.renewed).toEqual(['evt-1']);
    removed.keeper.stop();
  });

  it('keeps renewing a call after a refusal that may pass (503 relay_unavailable)', async () => {
    const { keeper, renewed } = lease(() => refusal(503, 'relay_unavailable'), ['evt-1']);
    await vi.advanceTimersByTimeAsync(ANSWER_LEASE_RENEW_MS * 3);
    expect(renewed).toHaveLength(3);
    keeper.stop();
  });
});
