import type { CallQueueActor, IncomingReport } from '@ringback/machines';
import type { HandledBy, RelayedEvent, SealingKey, StatusChange } from '@ringback/protocol';
import type { KeyValueStore, LocalSettings } from '../../storage';
import { recordEndedElsewhere, recordEndedHere, recordReturned } from './call-history-writes';
import type { HeldCallNow } from './held-call-now';
import type { OpenedEvent } from './open-event';
import type { OpenedEvents } from './opened-events';

/** States in which a call still waits here, so the relay's pending list decides whether it lives on. */
const WAITING = ['preparing', 'failed', 'queued', 'ringing', 'missed'];

export interface StreamIntakeDeps {
  queue: CallQueueActor;
  events: OpenedEvents;
  store: KeyValueStore;
  settings(): LocalSettings;
  e2eKey(): Promise<SealingKey | null>;
  now(): number;
  /** The relay's clock less this device's (ms), as its latest answer told; null until one did. */
  relayClockOffset(): number | null;
  /** Whether this device holds the call now: it is in it, or writing its reply. */
  holds(eventId: string): boolean;
  /** How a call this device holds is on the relay now (`heldCallNow`), or null when it cannot say. */
  callNow(eventId: string): Promise<HeldCallNow | null>;
  /** A call did not open (the session shows why). */
  onUnopened(): void;
  onHistoryChanged(): void;
}

/**
 * What the relay's stream brings, made into the queue's events: calls decrypted before the queue
 * hears of them, status frames from the other devices, and the pending list after a (re)connect.
 * The session feeds it one frame at a time, in order.
 */
export class StreamIntake {
  constructor(private readonly deps: StreamIntakeDeps) {}

  async receive(event: RelayedEvent): Promise<void> {
    const me = this.deps.settings().deviceId;
    if (event.status !== 'pending' && event.handledBy?.deviceId !== me)
      return this.statusChanged({ eventId: event.eventId, status: event.status, handledBy: event.handledBy });
    const known = this.deps.events.get(event.eventId);
    const key = await this.deps.e2eKey();
    const result = await this.deps.events.open(event, key, this.deps.settings().formOfAddress);
    if (!result.ok) return this.deps.onUnopened();
    // Listed pending, yet held here as ended elsewhere: the relay returned it.
    if (event.unfinishedBy || this.endedElsewhereHere(event.eventId))
      return this.returned(result.event, event.unfinishedBy);
    if (known) return;
    this.deps.queue.send({
      type: 'report.received',
      report: incomingReportOf(result.event, this.deps.relayClockOffset()),
      learnedAt: this.deps.now(),
    });
  }

  /**
   * A status frame: another device took, declined or acknowledged the call (or this one's worker
   * did, or this device took it back). One naming another device for a call this device holds is
   * checked against the call as it is now first: replayed after this device was away, it may be
   * long past (the device it names lapsed too, and this one took the call back), so only what the
   * relay has now ends the call here.
   */
  async statusChanged(change: StatusChange): Promise<void> {
    const me = this.deps.settings().deviceId;
    if (change.status === 'pending') {
      // Without its sealed report a call this device never opened waits for the next listing.
      const event = this.deps.events.get(change.eventId);
      if (event) this.returned(event, change.unfinishedBy);
      return;
    }
    if (change.handledBy?.deviceId === me) {
      this.endedByThisDevice(change);
      return;
    }
    let latest = { status: change.status, handledBy: change.handledBy };
    if (this.deps.holds(change.eventId)) {
      const now = await this.deps.callNow(change.eventId);
      // Still, or again, this device's call: the frame is past. Or the relay cannot say now (its
      // stream reached this device, a request did not): a call the user is in ends on the relay's
      // word, which its next lease renewal asks for, never on a frame that may be long past.
      if (!now || now.mine) return;
      latest = now;
    }
    this.deps.queue.send({
      type: 'call.endedElsewhere',
      eventId: change.eventId,
      status: latest.status,
      ...(latest.handledBy ? { by: latest.handledBy } : {}),
    });
    const event = this.deps.events.get(change.eventId);
    const ended = { status: latest.status, handledBy: latest.handledBy };
    if (recordEndedElsewhere(this.deps.store, change.eventId, event, ended)) this.deps.onHistoryChanged();
  }

  /**
   * A status this device wrote, yet not from this page's queue: the service worker declined the
   * call from its notification (and may have failed to leave that in IndexedDB). A call still
   * waiting here stops ringing and is kept as this device's, as the page's own Decline keeps it;
   * one this page ended itself (declined, hung up) is left as it is.
   */
  private endedByThisDevice(change: StatusChange): void {
    // Taken back by this device (its renewal, reply or hang-up after its lease lapsed): a call it
    // dropped on an earlier frame, or holds as missed, is its own again.
    if (change.status === 'answered') {
      this.deps.queue.send({ type: 'call.answeredHere', eventId: change.eventId });
      return;
    }
    if (change.status !== 'rejected' && change.status !== 'completed') return;
    const before = this.deps.queue.getSnapshot().context.calls[change.eventId]?.state;
    if (!before || !WAITING.includes(before)) return;
    // No `by`: a call answered here (in call) is not one this frame can end.
    this.deps.queue.send({ type: 'call.endedElsewhere', eventId: change.eventId, status: change.status });
    const event = this.deps.events.get(change.eventId);
    if (recordEndedHere(this.deps.store, change.eventId, event, change.status)) this.deps.onHistoryChanged();
  }

  /**
   * The relay returned the call to `pending` (the device that answered it, `by`, left it
   * unfinished): the queue lists it again as a call to answer, though it already holds its id.
   */
  private returned(event: OpenedEvent, by: HandledBy | undefined): void {
    const before = this.deps.queue.getSnapshot().context.calls[event.eventId]?.state;
    this.deps.queue.send({
      type: 'call.returned',
      report: incomingReportOf(event, this.deps.relayClockOffset()),
      learnedAt: this.deps.now(),
      ...(by ? { by } : {}),
    });
    const after = this.deps.queue.getSnapshot().context.calls[event.eventId]?.state;
    if (after === before || !by) return;
    if (recordReturned(this.deps.store, event, by)) this.deps.onHistoryChanged();
  }

  /** A call the queue holds as ended on another device: a pending listing of it means it came back. */
  private endedElsewhereHere(eventId: string): boolean {
    return this.deps.queue.getSnapshot().context.calls[eventId]?.state === 'endedElsewhere';
  }

  /** After (re)connecting: calls still waiting here that are no longer pending ended elsewhere. */
  async reconciled(pending: readonly RelayedEvent[]): Promise<void> {
    const live = new Set(pending.map((event) => event.eventId));
    for (const [eventId, call] of Object.entries(this.deps.queue.getSnapshot().context.calls)) {
      if (WAITING.includes(call.state) && !live.has(eventId)) {
        this.deps.queue.send({ type: 'call.endedElsewhere', eventId, status: 'completed' });
      }
    }
    for (const event of pending) await this.receive(event);
  }
}

/**
 * When a permission call's agent stops waiting, on this device's clock. Neither this device's
 * wall time nor the computer's is trusted to agree with the other: the wait is the computer's own
 * span (`expiresAt - occurredAt`, one clock), counted from when the relay stored the call (the
 * computer posts it at once), on the relay's clock, and moved onto this device's clock by the
 * offset the relay's answers tell. Without that offset yet, this device's clock stands in for the
 * relay's. The computer's answer (`too_late`) stays the final word either way.
 */
export function permissionExpiry(event: OpenedEvent, relayClockOffset: number | null): number | undefined {
  if (!event.permission) return undefined;
  const wait = Date.parse(event.permission.expiresAt) - Date.parse(event.permission.occurredAt);
  if (!Number.isFinite(wait) || !Number.isFinite(event.receivedAt)) return undefined;
  return event.receivedAt + Math.max(0, wait) - (relayClockOffset ?? 0);
}

/**
 * What the queue ranks a call by: a permission call before any report (and late only once its agent
 * stopped waiting), a tracker call by its issue's priority and update time, a local report by its time.
 */
export function incomingReportOf(event: OpenedEvent, relayClockOffset: number | null = null): IncomingReport {
  const { report } = event.plaintext;
  const tracker = report.source === 'tracker' ? report : null;
  if (event.permission) {
    const expiresAt = permissionExpiry(event, relayClockOffset);
    return {
      eventId: event.eventId,
      occurredAt: event.occurredAt,
      priority: 'none',
      updatedAt: event.occurredAt,
      kind: 'permission',
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    };
  }
  return {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    priority: tracker?.priority ?? 'none',
    updatedAt: (tracker && Date.parse(tracker.updatedAt)) || event.occurredAt,
  };
}
