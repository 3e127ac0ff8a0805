import { describe, expect, it } from 'vitest';
import type { DeviceRecord, DuePush, LastPushKind, PushSubscriptionRecord } from '../storage/relay-store';
import { CallPushes, type CallPushesDeps, type WakeJob } from './call-pushes';

const ACCOUNT = 'acct-1';
const T0 = Date.parse('2026-12-01T10:00:00.000Z');

const subscriptionOf = (deviceId: string): PushSubscriptionRecord => ({
  accountId: ACCOUNT,
  deviceId,
  endpoint: `https://push.example.com/${deviceId}`,
  p256dh: 'p',
  auth: 'a',
});

/** A store that keeps what CallPushes asks of it, a clock the test moves, and the pushes queued. */
function setUp(deviceIds = ['phone', 'tablet']) {
  let time = T0;
  const subscriptions = deviceIds.map(subscriptionOf);
  const quiet = new Set<string>();
  const marks: { eventId: string; kind: LastPushKind; nextAt: number; until: number }[] = [];
  const finished: string[] = [];
  // As the stores do: `ended` replaces a mark, `missed` only goes where none is; a finish with a
  // kind only while that is the mark.
  const lastKinds = new Map<string, LastPushKind>();
  let status: DuePush['status'] = 'pending';
  const devices = [{ deviceId: 'tablet', name: 'Tablet of a person whose name is really quite long' }];
  const store = {
    pushSubscriptionsOf: async () => subscriptions,
    quietDevices: async () => [...quiet],
    markPushEnding: async (_: string, eventId: string, last: Omit<(typeof marks)[0], 'eventId'>) => {
      if (last.kind === 'missed' && lastKinds.has(eventId)) return false;
      lastKinds.set(eventId, last.kind);
      marks.push({ eventId, ...last });
      return true;
    },
    finishPushSchedule: async (_: string, eventId: string, kind?: LastPushKind) => {
      // A mark made before the test (a due handed in with its `last`) is taken as it says.
      const marked = lastKinds.get(eventId);
      if (kind !== undefined && marked !== undefined && marked !== kind) return false;
      finished.push(eventId);
      return true;
    },
    getEvent: async () => ({ status }),
    listDevices: async () => devices as DeviceRecord[],
  };
  const jobs: WakeJob[] = [];
  let claims = 0;
  const tracked: Promise<unknown>[] = [];
  const calls = new CallPushes({
    store: store as unknown as CallPushesDeps['store'],
    enqueue: (job) => {
      jobs.push(job);
      return true;
    },
    claimSoon: () => {
      claims += 1;
    },
    track: (work) => void tracked.push(work),
    now: () => time,
    random: () => 0.5,
    realert: { base: 25_000, jitter: 5_000 },
    ringWindowMs: 120_000,
    lastPushWindowMs: 300_000,
  });
  const sent = () => jobs.splice(0).map((job) => ({ to: job.subscription.deviceId, ...job.wake }));
  return {
    calls,
    quiet,
    marks,
    finished,
    jobs,
    sent,
    claims: () => claims,
    setStatus: (next: DuePush['status']) => {
      status = next;
    },
    tracked: () => Promise.all(tracked),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const due = (overrides: Partial<DuePush> = {}): DuePush => ({
  accountId: ACCOUNT,
  eventId: 'evt-1',
  status: 'pending',
  handledBy: null,
  endsAt: T0 + 120_000,
  last: null,
  ...overrides,
});

describe('CallPushes', () => {
  it('rings every subscribed device when a call is stored, and stores it with its schedule', async () => {
    const pushes = setUp();
    expect(pushes.calls.newCall()).toEqual({ realertInMs: 25_000, ringWindowMs: 120_000 });
    await pushes.calls.stored({ accountId: ACCOUNT, eventId: 'evt-1' });
    expect(pushes.sent()).toEqual([
      { to: 'phone', id: 'evt-1', kind: 'ring' },
      { to: 'tablet', id: 'evt-1', kind: 'ring' },
    ]);
  });

  it('re-alerts a call still ringing inside its window, skipping the devices that asked for quiet', async () => {
    const pushes = setUp();
    pushes.quiet.add('tablet');
    pushes.advance(25_000);
    await pushes.calls.due(due());
    expect(pushes.sent()).toEqual([{ to: 'phone', id: 'evt-1', kind: 'ring' }]);
    expect(pushes.marks).toEqual([]);
  });

  it('tells a call missed once its window passed on the relay’s clock, to quiet devices too', async () => {
    const pushes = setUp();
    pushes.quiet.add('tablet');
    pushes.advance(120_000);
    await pushes.calls.due(due());
    expect(pushes.marks).toEqual([
      { eventId: 'evt-1', kind: 'missed', nextAt: T0 + 145_000, until: T0 + 420_000 },
    ]);
    expect(pushes.sent()).toEqual([
      { to: 'phone', id: 'evt-1', kind: 'missed' },
      { to: 'tablet', id: 'evt-1', kind: 'missed' },
    ]);
  });

  it('ends an answered call with how and where it ended', async () => {
    const pushes = setUp();
    await pushes.calls.ended(ACCOUNT, 'evt-1');
    expect(pushes.marks).toEqual([{ eventId: 'evt-1', kind: 'ended', nextAt: T0, until: T0 + 300_000 }]);
    expect(pushes.claims()).toBe(1);
    await pushes.calls.due(
      due({ status: 'answered', handledBy: 'tablet', last: { kind: 'ended', until: T0 + 300_000 } }),
    );
    const ended = {
      id: 'evt-1',
      kind: 'ended',
      status: 'answered',
      by: 'tablet',
      byName: 'Tablet of a person whose name is really quite long',
    };
    expect(pushes.sent()).toEqual([
      { to: 'phone', ...ended },
      { to: 'tablet', ...ended },
    ]);
  });

  it('decides `ended` itself for a call that left pending without its mark (the marker died)', async () => {
    const pushes = setUp();
    pushes.quiet.add('phone');
    await pushes.calls.due(due({ status: 'rejected', handledBy: 'phone' }));
    expect(pushes.marks).toEqual([
      { eventId: 'evt-1', kind: 'ended', nextAt: T0 + 25_000, until: T0 + 300_000 },
    ]);
    expect(pushes.sent()).toEqual([
      { to: 'phone', id: 'evt-1', kind: 'ended', status: 'rejected', by: 'phone' },
      { to: 'tablet', id: 'evt-1', kind: 'ended', status: 'rejected', by: 'phone' },
    ]);
  });

  it('finishes the schedule only once every device’s push service took the last push, resending to the rest', async () => {
    const pushes = setUp();
    const last = { kind: 'missed' as const, until: T0 + 300_000 };
    await pushes.calls.due(due({ last }));
    const [phone, tablet] = pushes.jobs.splice(0);
    phone?.settled?.(true);
    tablet?.settled?.(false);
    await pushes.tracked();
    expect(pushes.finished).toEqual([]);

    pushes.advance(25_000);
    await pushes.calls.due(due({ last }));
    const [again] = pushes.jobs.splice(0);
    expect(again?.subscription.deviceId).toBe('tablet');
    // Claimed again while that one is on its way: it is not sent twice.
    await pushes.calls.due(due({ last }));
    expect(pushes.sent()).toEqual([]);
    again?.settled?.(true);
    await pushes.tracked();
    expect(pushes.finished).toEqual(['evt-1']);
  });

  it('gives a last push up once its window passed', async () => {
    const pushes = setUp();
    pushes.advance(300_000);
    await pushes.calls.due(due({ last: { kind: 'ended', until: T0 + 300_000 } }));
    expect(pushes.sent()).toEqual([]);
    expect(pushes.finished).toEqual(['evt-1']);
  });

  it('ends the schedule of a call nobody can be woken for at its first claim', async () => {
    const pushes = setUp([]);
    pushes.advance(25_000);
    await pushes.calls.due(due());
    expect(pushes.sent()).toEqual([]);
    expect(pushes.finished).toEqual(['evt-1']);
  });

  it('sends `ended` to every device when the call is answered as its ring window closes, and finishes only then', async () => {
    const pushes = setUp();
    pushes.advance(120_000);
    // Missed decided and on its way to both devices…
    await pushes.calls.due(due());
    const missed = pushes.jobs.splice(0);
    expect(missed.map((job) => job.wake.kind)).toEqual(['missed', 'missed']);
    // …when the tablet answers: ended replaces it.
    pushes.setStatus('answered');
    await pushes.calls.ended(ACCOUNT, 'evt-1');
    const last = { kind: 'ended' as const, until: T0 + 420_000 };
    await pushes.calls.due(due({ status: 'answered', handledBy: 'tablet', last }));
    const ended = pushes.jobs.splice(0);
    expect(ended.map((job) => [job.subscription.deviceId, job.wake.kind])).toEqual([
      ['phone', 'ended'],
      ['tablet', 'ended'],
    ]);
    // Missed settling does not finish the schedule: ended is the call's last push now.
    for (const job of missed) job.settled?.(true);
    await pushes.tracked();
    expect(pushes.finished).toEqual([]);
    for (const job of ended) job.settled?.(true);
    await pushes.tracked();
    expect(pushes.finished).toEqual(['evt-1']);
  });

  it('leaves a missed mark undone when ended was marked first, and re-alerts only a call still pending', async () => {
    const pushes = setUp();
    await pushes.calls.ended(ACCOUNT, 'evt-1');
    pushes.advance(120_000);
    // Claimed as pending before the status changed: missed does not overwrite ended.
    await pushes.calls.due(due());
    expect(pushes.marks.map((mark) => mark.kind)).toEqual(['ended']);
    expect(pushes.sent()).toEqual([]);

    // A re-alert claimed as pending, the call answered by the time it would go out.
    const other = setUp();
    other.advance(25_000);
    other.setStatus('answered');
    await other.calls.due(due());
    expect(other.sent()).toEqual([]);
  });

  it('says a ring is stale once its call’s last push is decided here', async () => {
    const pushes = setUp();
    await pushes.calls.stored({ accountId: ACCOUNT, eventId: 'evt-1' });
    const [ring] = pushes.jobs.splice(0);
    expect(ring && pushes.calls.ringIsStale(ring)).toBe(false);
    await pushes.calls.ended(ACCOUNT, 'evt-1');
    expect(ring && pushes.calls.ringIsStale(ring)).toBe(true);
  });
});
