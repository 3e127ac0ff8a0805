import type { RelayedEvent, SealingKey } from '@ringback/protocol';
import { type OpenedEvent, type OpenFailure, openRelayedEvent } from './open-event';

/** Why a call could not be prepared: it did not open here. */
export class UnopenedCallError extends Error {
  constructor(readonly failure: OpenFailure) {
    super(
      failure.reason === 'key'
        ? 'the call could not be decrypted: this device holds a different end-to-end key'
        : `the call could not be read by this version of the app (${failure.detail})`,
    );
    this.name = 'UnopenedCallError';
  }
}

/**
 * The calls this device has opened, by event id, and the ones that would not open. Speech
 * preparation waits here for its call, so a queue restored after a reload never fails or rings a
 * call before the relay's stream has brought it back and it has been decrypted again.
 */
export class OpenedEvents {
  private readonly opened = new Map<string, OpenedEvent>();
  private readonly failed = new Map<string, OpenFailure>();
  private readonly waiting = new Map<string, Set<() => void>>();

  get(eventId: string): OpenedEvent | undefined {
    return this.opened.get(eventId);
  }

  failures(): OpenFailure[] {
    return [...this.failed.values()];
  }

  /** Opens `event` with `key` once; a repeat of a known event returns what it gave before. */
  async open(event: RelayedEvent, key: SealingKey | null, formOfAddress: string) {
    const known = this.opened.get(event.eventId);
    if (known) return { ok: true as const, event: known };
    const result = key
      ? await openRelayedEvent(event, key, formOfAddress)
      : { ok: false as const, eventId: event.eventId, reason: 'key' as const };
    if (result.ok) this.add(result.event);
    else {
      const { ok: _, ...failure } = result;
      this.failed.set(event.eventId, failure);
      this.wake(event.eventId);
    }
    return result;
  }

  /** Known without the relay (a replay from history). */
  add(event: OpenedEvent): void {
    this.opened.set(event.eventId, event);
    this.failed.delete(event.eventId);
    this.wake(event.eventId);
  }

  /** The opened call, as soon as it is; rejects when it does not open or `signal` aborts. */
  whenOpened(eventId: string, signal: AbortSignal): Promise<OpenedEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const event = this.opened.get(eventId);
        const failure = this.failed.get(eventId);
        if (!event && !failure) return false;
        this.waiting.get(eventId)?.delete(check);
        signal.removeEventListener('abort', aborted);
        if (event) resolve(event);
        else if (failure) reject(new UnopenedCallError(failure));
        return true;
      };
      const aborted = () => {
        this.waiting.get(eventId)?.delete(check);
        reject(signal.reason);
      };
      if (check()) return;
      if (signal.aborted) return aborted();
      signal.addEventListener('abort', aborted, { once: true });
      const waiters = this.waiting.get(eventId) ?? new Set();
      waiters.add(check);
      this.waiting.set(eventId, waiters);
    });
  }

  private wake(eventId: string): void {
    for (const check of [...(this.waiting.get(eventId) ?? [])]) check();
  }
}
