import type { DaemonToRelay, ErrorCode } from '@ringback/protocol';
import { ComputerAnswerPipe } from './computer-answer-pipe';
import type { ComputerLink } from './computer-link';
import type { ComputerRequestLimits } from './computer-request-limits';

type Frame = Extract<DaemonToRelay, { type: 'computer-frame' }>;

/** Why a request could not start here. */
export type OpenRefusal = 'too_many_computer_requests' | 'relay_busy' | 'in_flight';

/**
 * Where a daemon's answer goes: a device's response on this instance (`ComputerAnswerPipe`), or
 * the database, for a device whose request came in through another instance.
 */
export interface AnswerSink {
  /** What the request went down: only that closing ends the answer. */
  readonly link: ComputerLink;
  frame(message: Frame): void;
  refused(error: ErrorCode): void;
  linkClosed(): void;
}

/**
 * The answers this instance passes on, by daemon and request, and how many requests each account
 * has in flight here (bounded by `perAccount`). Everything here belongs to open HTTP responses
 * and live links: nothing to rebuild after a restart.
 */
export class ComputerAnswers {
  readonly limits: ComputerRequestLimits;
  readonly #byDaemon = new Map<string, Map<string, AnswerSink>>();
  readonly #perAccount = new Map<string, number>();
  #inFlight = 0;
  #requestBytes = 0;
  /** The answers each asking device has open here, so its removal closes them. */
  readonly #byAsker = new Map<string, Set<ComputerAnswerPipe>>();

  constructor(limits: ComputerRequestLimits) {
    this.limits = limits;
  }

  /** A device's request, answered to its response here; a refused one's link is let go at once. */
  open(
    asker: { accountId: string; deviceId: string },
    daemonId: string,
    request: { requestId: string; bytes: number },
    link: ComputerLink,
  ): ComputerAnswerPipe | OpenRefusal {
    const { accountId } = asker;
    const { requestId, bytes } = request;
    const refusal = this.refusal(accountId, bytes) ?? (this.sink(daemonId, requestId) ? 'in_flight' : null);
    if (refusal) {
      link.release?.();
      return refusal;
    }
    const inFlight = this.#perAccount.get(accountId) ?? 0;
    let remove = () => {};
    const pipe = new ComputerAnswerPipe({
      requestId,
      link,
      limits: this.limits,
      onDone: () => {
        remove();
        this.#forgetAsker(asker.deviceId, pipe);
        this.#inFlight -= 1;
        this.#requestBytes -= bytes;
        const left = (this.#perAccount.get(accountId) ?? 1) - 1;
        if (left > 0) this.#perAccount.set(accountId, left);
        else this.#perAccount.delete(accountId);
      },
    });
    remove = this.add(daemonId, requestId, pipe);
    const asked = this.#byAsker.get(asker.deviceId) ?? new Set<ComputerAnswerPipe>();
    asked.add(pipe);
    this.#byAsker.set(asker.deviceId, asked);
    this.#perAccount.set(accountId, inFlight + 1);
    this.#inFlight += 1;
    this.#requestBytes += bytes;
    return pipe;
  }

  /** Why a request of `bytes` from the account may not start now: its own limit, then the relay's. */
  refusal(accountId: string, bytes: number): 'too_many_computer_requests' | 'relay_busy' | null {
    if ((this.#perAccount.get(accountId) ?? 0) >= this.limits.perAccount) return 'too_many_computer_requests';
    if (this.#inFlight >= this.limits.relayInFlight) return 'relay_busy';
    if (this.#requestBytes + bytes > this.limits.relayRequestBytes) return 'relay_busy';
    return null;
  }

  /** Registers a sink for a request's answer; the returned function removes it. */
  add(daemonId: string, requestId: string, sink: AnswerSink): () => void {
    const sinks = this.#byDaemon.get(daemonId) ?? new Map<string, AnswerSink>();
    sinks.set(requestId, sink);
    this.#byDaemon.set(daemonId, sinks);
    return () => {
      if (sinks.get(requestId) === sink) sinks.delete(requestId);
      if (sinks.size === 0 && this.#byDaemon.get(daemonId) === sinks) this.#byDaemon.delete(daemonId);
    };
  }

  sink(daemonId: string, requestId: string): AnswerSink | undefined {
    return this.#byDaemon.get(daemonId)?.get(requestId);
  }

  /** A frame from a daemon; false when nothing here waits for it. */
  frame(daemonId: string, message: Frame): boolean {
    const sink = this.sink(daemonId, message.requestId);
    sink?.frame(message);
    return sink !== undefined;
  }

  refused(daemonId: string, requestId: string, error: ErrorCode): void {
    this.sink(daemonId, requestId)?.refused(error);
  }

  /** A way to a daemon closed: the answers that went through it end (a newer link's go on). */
  linkClosed(daemonId: string, link: ComputerLink): void {
    for (const sink of [...(this.#byDaemon.get(daemonId)?.values() ?? [])])
      if (sink.link === link) sink.linkClosed();
  }

  /** A device was removed: its answers end at once and the computer stops working on them. */
  deviceRemoved(deviceId: string): void {
    for (const pipe of [...(this.#byAsker.get(deviceId) ?? [])]) pipe.revoke();
  }

  #forgetAsker(deviceId: string, pipe: ComputerAnswerPipe): void {
    const asked = this.#byAsker.get(deviceId);
    asked?.delete(pipe);
    if (asked?.size === 0) this.#byAsker.delete(deviceId);
  }
}
