import type { DaemonToRelay, ErrorCode } from '@ringback/protocol';
import { ComputerAnswerPipe } from './computer-answer-pipe';
import type { ComputerRequestLimits } from './computer-request-limits';
import type { DaemonLink } from './daemon-links';

type Frame = Extract<DaemonToRelay, { type: 'computer-frame' }>;

/** Why a request could not start here. */
export type OpenRefusal = 'too_many_computer_requests' | 'in_flight';

/**
 * The answers this instance is piping from daemons' links to devices, by daemon and request, and
 * how many each account has in flight (bounded by `perAccount`). Everything here belongs to open
 * HTTP responses: nothing to rebuild after a restart.
 */
export class ComputerAnswers {
  readonly #limits: ComputerRequestLimits;
  readonly #byDaemon = new Map<string, Map<string, ComputerAnswerPipe>>();
  readonly #perAccount = new Map<string, number>();

  constructor(limits: ComputerRequestLimits) {
    this.#limits = limits;
  }

  open(
    accountId: string,
    daemonId: string,
    requestId: string,
    link: DaemonLink,
  ): ComputerAnswerPipe | OpenRefusal {
    const inFlight = this.#perAccount.get(accountId) ?? 0;
    if (inFlight >= this.#limits.perAccount) return 'too_many_computer_requests';
    const pipes = this.#byDaemon.get(daemonId) ?? new Map<string, ComputerAnswerPipe>();
    if (pipes.has(requestId)) return 'in_flight';
    const pipe = new ComputerAnswerPipe({
      requestId,
      link,
      limits: this.#limits,
      onDone: () => {
        if (pipes.get(requestId) === pipe) pipes.delete(requestId);
        if (pipes.size === 0 && this.#byDaemon.get(daemonId) === pipes) this.#byDaemon.delete(daemonId);
        const left = (this.#perAccount.get(accountId) ?? 1) - 1;
        if (left > 0) this.#perAccount.set(accountId, left);
        else this.#perAccount.delete(accountId);
      },
    });
    pipes.set(requestId, pipe);
    this.#byDaemon.set(daemonId, pipes);
    this.#perAccount.set(accountId, inFlight + 1);
    return pipe;
  }

  /** A frame from a daemon; false when no answer of that daemon waits for it. */
  frame(daemonId: string, message: Frame): boolean {
    const pipe = this.#byDaemon.get(daemonId)?.get(message.requestId);
    pipe?.frame(message);
    return pipe !== undefined;
  }

  refused(daemonId: string, requestId: string, error: ErrorCode): void {
    this.#byDaemon.get(daemonId)?.get(requestId)?.refused(error);
  }

  /** A daemon's link closed: the answers that went down it end (a newer link's go on). */
  linkClosed(daemonId: string, link: DaemonLink): void {
    for (const pipe of [...(this.#byDaemon.get(daemonId)?.values() ?? [])])
      if (pipe.link === link) pipe.linkClosed();
  }

  inFlight(accountId: string): number {
    return this.#perAccount.get(accountId) ?? 0;
  }
}
