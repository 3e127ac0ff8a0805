import {
  Aad,
  ComputerRequestPlaintext,
  createParser,
  type DaemonToRelay,
  OpenError,
  RingbackError,
  type SealingKey,
} from '@ringback/protocol';
import type { Logger } from '../log/logger';
import { AnswerSender } from './answer-sender';
import { ComputerFailure } from './computer-failure';
import { nodeSealingKey } from './node-sealing-key';
import { type ComputerSettings, runComputerRequest } from './run-computer-request';

export type ComputerUpMessage = Extract<DaemonToRelay, { type: 'computer-frame' | 'computer-refused' }>;

/** Requests this computer runs at once; more are refused (`computer_busy`) rather than queued. */
export const MAX_RUNNING_COMPUTER_REQUESTS = 4;

const parseRequest = createParser(ComputerRequestPlaintext);

export interface ComputerRequestsDeps {
  key(): string | null;
  /** This computer's device id (OwnDevice): a request opens only if it was sealed for this computer. */
  deviceId(): Promise<string | null>;
  /**
   * Resolves once the request may run, so that it runs at most once across any crash; throws a
   * RingbackError for one that must not (a replay). See RelayedRequestGuard.admitComputer.
   */
  replays: { admitComputer(requestId: string, issuedAt: number): Promise<void> };
  settings: ComputerSettings;
  logger: Logger;
  maxRunning?: number;
  /** How long an answer waits for the relay's acknowledgements (answer-sender.ts). */
  ackDeadlineMs?: number;
}

/**
 * Devices' requests to this computer, from the relay link: each opened with the e2e key, checked
 * against replays, run with the computer's own settings, its answer sealed frame by frame. A
 * cancel (the device went away) or a closed link stops it and the call it was making.
 */
export class ComputerRequests {
  readonly #deps: ComputerRequestsDeps;
  readonly #running = new Map<string, { controller: AbortController; sender: AnswerSender | null }>();
  /**
   * The e2e key made ready once (not at every frame), and again only when the key changes; sealed
   * and opened in place by node:crypto (node-sealing-key.ts).
   */
  #imported: { text: string; key: Promise<SealingKey> } | null = null;

  constructor(deps: ComputerRequestsDeps) {
    this.#deps = deps;
  }

  get running(): number {
    return this.#running.size;
  }

  /** Runs a request to its end; never throws. */
  async start(message: { requestId: string; sealed: string }, send: (message: ComputerUpMessage) => boolean) {
    const { requestId } = message;
    if (this.#running.has(requestId)) return;
    if (this.#running.size >= (this.#deps.maxRunning ?? MAX_RUNNING_COMPUTER_REQUESTS)) {
      send({ type: 'computer-refused', requestId, error: 'computer_busy' });
      return;
    }
    const entry = { controller: new AbortController(), sender: null as AnswerSender | null };
    this.#running.set(requestId, entry);
    try {
      await this.#run(message, send, entry);
    } catch (error) {
      this.#deps.logger.error(`a request to the computer failed: ${(error as Error).message}`);
    } finally {
      this.#running.delete(requestId);
    }
  }

  cancel(requestId: string): void {
    this.#running.get(requestId)?.controller.abort();
  }

  ack(requestId: string, seq: number): void {
    this.#running.get(requestId)?.sender?.ack(seq);
  }

  /** The link closed: no frame can reach its device any more. */
  cancelAll(): void {
    for (const { controller } of this.#running.values()) controller.abort();
  }

  async #run(
    message: { requestId: string; sealed: string },
    send: (message: ComputerUpMessage) => boolean,
    entry: { controller: AbortController; sender: AnswerSender | null },
  ): Promise<void> {
    const { requestId } = message;
    const signal = entry.controller.signal;
    const keyText = this.#deps.key();
    const deviceId = await this.#deps.deviceId();
    if (!keyText || !deviceId) {
      send({ type: 'computer-refused', requestId, error: 'undecryptable_request' });
      return;
    }
    const key = await this.#sealingKey(keyText);
    const sender = new AnswerSender({
      requestId,
      key,
      send,
      signal,
      ...(this.#deps.ackDeadlineMs ? { ackDeadlineMs: this.#deps.ackDeadlineMs } : {}),
      // The relay lost the answer: its model or voice call stops, and nothing more is sent.
      giveUp: (reason) => entry.controller.abort(reason),
    });
    entry.sender = sender;
    let text: string;
    try {
      text = await key.open(message.sealed, Aad.computerRequest(deviceId, requestId));
    } catch (error) {
      if (!(error instanceof OpenError)) throw error;
      send({ type: 'computer-refused', requestId, error: 'undecryptable_request' });
      return;
    }
    try {
      const request = parseRequest.parse(JSON.parse(text));
      await this.#deps.replays.admitComputer(requestId, request.issuedAt);
      for await (const frame of runComputerRequest(request, this.#deps.settings, signal))
        await sender.frame(frame);
      await sender.frame({ type: 'end' });
    } catch (error) {
      if (signal.aborted) return;
      const failure =
        error instanceof ComputerFailure || error instanceof RingbackError
          ? { error: error.code, message: error.message }
          : error instanceof SyntaxError
            ? { error: 'invalid_request', message: 'the request is not JSON' }
            : { error: 'internal_error', message: 'the computer failed to answer; details are in its log' };
      if (failure.error === 'internal_error')
        this.#deps.logger.error(`a request to the computer failed: ${(error as Error).message}`);
      await sender.frame({ type: 'error', ...failure }).catch(() => undefined);
    }
  }

  #sealingKey(text: string): Promise<SealingKey> {
    if (this.#imported?.text !== text) {
      this.#imported = { text, key: nodeSealingKey(text) };
    }
    return this.#imported.key;
  }
}
