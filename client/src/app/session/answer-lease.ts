import { ANSWER_LEASE_RENEW_MS, type HandledBy } from '@ringback/protocol';
import { type LeaseRenewal, RelayError } from '../../relay';
import type { PageReturns } from './page-returns';

export interface AnswerLeaseDeps {
  renew(eventId: string): Promise<LeaseRenewal>;
  /** The calls this device holds now: the one it is in, and those whose reply is being written. */
  held(): readonly string[];
  /** The relay said another device has the call now (409): renewing it stops. */
  onLost(eventId: string, by: HandledBy | null): void;
  everyMs?: number;
  /**
   * When the page is back from being frozen or offline (`listenForPageReturns`): a phone that
   * froze the page in the background for longer than the lease ran no tick meanwhile, and the
   * next one may be up to `everyMs` away while the others ring on.
   */
  pageReturns?: PageReturns;
}

/**
 * Keeps the calls this device answered its own while the user is in them or writing the reply:
 * every `ANSWER_LEASE_RENEW_MS` each held call's lease is renewed, so the relay does not return
 * it to the other devices, and at once whenever the page is back (visible, shown, online,
 * focused), so a page frozen past the lease takes its call back (the relay gives it back to a
 * renewal while nobody took it) without waiting for the next tick. One renewal of a call is in
 * flight at a time, however many ticks and returns come meanwhile. A failed renewal (offline, or a refusal that may pass) is tried at the
 * next tick; a final refusal is never tried again: 409 (another device has the call), 403 / 404 /
 * 410 (this device may not hold it, or it is gone), and 401 (this device was removed from the
 * account: no call is renewed any more; the event stream takes the device back to welcome).
 */
/** Refusals no later try can change, for that one call. */
const FINAL_REFUSALS: ReadonlySet<number> = new Set([403, 404, 410]);

export class AnswerLease {
  private readonly lost = new Set<string>();
  private readonly inFlight = new Set<string>();
  /** Calls the relay refused for good without giving them to another device. */
  private readonly ended = new Set<string>();
  private removed = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopReturns: (() => void) | null = null;

  constructor(private readonly deps: AnswerLeaseDeps) {}

  start(): void {
    this.timer ??= setInterval(() => this.renewAll(), this.deps.everyMs ?? ANSWER_LEASE_RENEW_MS);
    this.stopReturns ??= this.deps.pageReturns?.(() => this.renewAll()) ?? null;
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.stopReturns?.();
    this.stopReturns = null;
  }

  /** Whether the relay gave this call to another device while this one held it. */
  isLost(eventId: string): boolean {
    return this.lost.has(eventId);
  }

  private renewAll(): void {
    if (this.removed || this.timer === null) return;
    for (const eventId of this.deps.held()) {
      if (this.lost.has(eventId) || this.ended.has(eventId) || this.inFlight.has(eventId)) continue;
      this.inFlight.add(eventId);
      this.deps
        .renew(eventId)
        .then(
          (renewal) => {
            if (renewal.held || this.timer === null) return;
            this.lost.add(eventId);
            this.deps.onLost(eventId, renewal.handledBy);
          },
          (error: unknown) => {
            const status = error instanceof RelayError ? error.status : 0;
            if (status === 401) this.removed = true;
            else if (FINAL_REFUSALS.has(status)) this.ended.add(eventId);
            // Anything else (not reached, relay busy): the next tick tries again, well within the lease.
          },
        )
        .finally(() => this.inFlight.delete(eventId));
    }
  }
}
