import { ANSWER_LEASE_RENEW_MS, type HandledBy } from '@ringback/protocol';
import type { LeaseRenewal } from '../../relay';

export interface AnswerLeaseDeps {
  renew(eventId: string): Promise<LeaseRenewal>;
  /** The calls this device holds now: the one it is in, and those whose reply is being written. */
  held(): readonly string[];
  /** The relay said another device has the call now (409): renewing it stops. */
  onLost(eventId: string, by: HandledBy | null): void;
  everyMs?: number;
}

/**
 * Keeps the calls this device answered its own while the user is in them or writing the reply:
 * every `ANSWER_LEASE_RENEW_MS` each held call's lease is renewed, so the relay does not return
 * it to the other devices. A failed renewal (offline) is tried at the next tick; a refused one
 * means the call went on without this device, and it is never renewed again.
 */
export class AnswerLease {
  private readonly lost = new Set<string>();
  private readonly inFlight = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: AnswerLeaseDeps) {}

  start(): void {
    this.timer ??= setInterval(() => this.renewAll(), this.deps.everyMs ?? ANSWER_LEASE_RENEW_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Whether the relay gave this call to another device while this one held it. */
  isLost(eventId: string): boolean {
    return this.lost.has(eventId);
  }

  private renewAll(): void {
    for (const eventId of this.deps.held()) {
      if (this.lost.has(eventId) || this.inFlight.has(eventId)) continue;
      this.inFlight.add(eventId);
      this.deps
        .renew(eventId)
        .then(
          (renewal) => {
            if (renewal.held || this.timer === null) return;
            this.lost.add(eventId);
            this.deps.onLost(eventId, renewal.handledBy);
          },
          // Not reached this time: the next tick tries again, well within the lease.
          () => undefined,
        )
        .finally(() => this.inFlight.delete(eventId));
    }
  }
}
