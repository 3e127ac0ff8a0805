import { randomBytes, randomUUID } from 'node:crypto';
import type {
  PermissionDecisionPlaintext,
  PermissionEventPlaintext,
  PermissionRequestDetails,
} from '@ringback/protocol';
import type { Logger } from '../log/logger';
import type { RelayTarget } from '../relay/post-daemon-event';
import { failedReply, undecryptable } from '../replies/handle-reply';
import type { ReplyResult } from '../replies/handled-replies';
import type { Computer } from './computer-identity';
import { deliveredDecision } from './delivered-decision';
import { type EndCall, endPermissionCall } from './end-permission-call';
import { openDecision } from './open-decision';
import { noDecision, type PermissionRequestAnswer } from './permission-answer';
import type { PermissionGate } from './permission-gate';
import type { PermissionRecords } from './permission-records';
import { type PostEvent, postPermissionEvent } from './post-permission-event';
import { sealPermissionEvent } from './seal-permission-event';

export interface PermissionRegistryDeps {
  gate: PermissionGate;
  /** The e2e key in force, or null when none is set. */
  key(): string | null;
  target(): Promise<RelayTarget | null>;
  /** This computer as the call names it; null when its device id is not known. */
  computer(): Promise<Computer | null>;
  /** The brief language in force: the language the phone speaks the call in. */
  language(): Promise<string>;
  records: PermissionRecords;
  logger: Logger;
  /** Replace the relay calls (tests); the deadline of the post (default 15 s). */
  post?: PostEvent;
  postDeadlineMs?: number;
  end?: EndCall;
}

/** One request whose hook is waiting for the phone. */
interface Waiting {
  eventId: string;
  requestId: string;
  label: string;
  /** Shown whole on the phone; an allow of a request that is not is refused. */
  complete: boolean;
  /** A decision is being written down for it: any other is refused. */
  claimed: boolean;
  wait: Wait;
}

/** A reply the relay handed over, as the reply inbox sees it. */
export interface DecisionMessage {
  replyId: string;
  eventId: string;
  sealed: string;
}

/** How long closing waits for the calls it ends to reach the relay. */
const CLOSE_WAIT_MS = 5_000;
/**
 * Requests held waiting for the phone at once, in all and per agent session: a runaway agent
 * loop must not hold hundreds of connections open nor ring hundreds of calls. Far above what a
 * person answers (an agent asks one thing at a time, a few with parallel tools).
 */
export const MAX_WAITING_REQUESTS = 32;
export const MAX_WAITING_PER_SESSION = 4;

/**
 * Permission requests from the agents' hooks, each a call on the phone: asked of the gate, sealed,
 * posted at once, held until the phone decides, the wait ends or the hook goes away, and then
 * ended at the computer when no decision came. Decisions arrive as the call's replies; only a
 * decision sealed for the very request opens, the first one wins, and one that comes after the
 * hook stopped waiting is answered "too late". No path of it ever answers `allow` but a decision
 * that opened.
 */
export class PermissionRegistry {
  readonly #deps: PermissionRegistryDeps;
  readonly #waiting = new Map<string, Waiting>();
  /** Calls being ended at the computer, so closing can let them finish. */
  readonly #ending = new Set<Promise<void>>();
  /** Aborted when the daemon stops: ends still being tried give up (the records keep them). */
  readonly #closing = new AbortController();
  /** Requests past the gate and not yet answered, in all and by agent session. */
  #held = 0;
  readonly #heldBySession = new Map<string, number>();
  /** Requests refused busy since the last one that rang: the first is logged, the rest counted. */
  #refusedBusy = 0;

  constructor(deps: PermissionRegistryDeps) {
    this.#deps = deps;
  }

  /** Whether a reply to this event is a permission decision (a call waiting now, or a recent one). */
  owns(eventId: string): boolean {
    return this.#waiting.has(eventId) || this.#deps.records.get(eventId) !== undefined;
  }

  /**
   * One request, from its hook's arrival to its outcome. `hookGone` fires when the hook's
   * connection closes: the agent stopped waiting, and the call is ended at the computer.
   */
  async request(details: PermissionRequestDetails, hookGone: AbortSignal): Promise<PermissionRequestAnswer> {
    const label = `${details.source}, ${details.toolName}`;
    try {
      return await this.#request(details, label, hookGone);
    } catch (error) {
      this.#deps.logger.error(
        `permission request (${label}): error, no decision (${(error as Error).message})`,
      );
      return noDecision('error');
    }
  }

  async #request(
    details: PermissionRequestDetails,
    label: string,
    hookGone: AbortSignal,
  ): Promise<PermissionRequestAnswer> {
    const { logger } = this.#deps;
    const verdict = await this.#deps.gate.check(details);
    if (!verdict.ring) {
      logger.info(`permission request (${label}): not ringing, ${verdict.reason}`);
      return noDecision(verdict.reason);
    }
    const session = `${details.source} ${details.sessionId}`;
    const bySession = this.#heldBySession.get(session) ?? 0;
    if (this.#held >= MAX_WAITING_REQUESTS || bySession >= MAX_WAITING_PER_SESSION) {
      if (this.#refusedBusy === 0) {
        logger.warn(
          `permission request (${label}): busy, ${this.#held} requests waiting (${bySession} of this session; ` +
            `at most ${MAX_WAITING_REQUESTS}, ${MAX_WAITING_PER_SESSION} per session); no decision, no call. ` +
            'Further requests refused busy are counted, not logged, until one rings',
        );
      }
      this.#refusedBusy += 1;
      return noDecision('busy');
    }
    // Taken in the same turn as the check: no other request passes it meanwhile.
    this.#held += 1;
    this.#heldBySession.set(session, bySession + 1);
    try {
      return await this.#ring(details, label, hookGone, verdict.waitMs);
    } finally {
      this.#held -= 1;
      const left = (this.#heldBySession.get(session) ?? 1) - 1;
      if (left > 0) this.#heldBySession.set(session, left);
      else this.#heldBySession.delete(session);
    }
  }

  async #ring(
    details: PermissionRequestDetails,
    label: string,
    hookGone: AbortSignal,
    waitMs: number,
  ): Promise<PermissionRequestAnswer> {
    const { logger } = this.#deps;
    if (this.#refusedBusy > 0) {
      logger.info(`permission requests: no longer busy; ${this.#refusedBusy} were refused busy meanwhile`);
      this.#refusedBusy = 0;
    }
    const key = this.#deps.key();
    const target = key ? await this.#deps.target().catch(() => null) : null;
    const computer = target ? await this.#deps.computer() : null;
    if (!key || !target || !computer) {
      logger.info(`permission request (${label}): not_paired, no decision`);
      return noDecision('not_paired');
    }

    const eventId = randomUUID();
    const requestId = randomBytes(18).toString('base64url');
    const at = Date.now();
    const expiresAt = new Date(at + waitMs).toISOString();
    const plaintext: PermissionEventPlaintext = {
      kind: 'permission',
      eventId,
      requestId,
      occurredAt: new Date(at).toISOString(),
      expiresAt,
      computer,
      language: await this.#deps.language(),
      request: details,
    };
    const body = await sealPermissionEvent(plaintext, key);
    const named = `permission request ${eventId} (${label})`;
    logger.info(`${named}: ringing, waits ${Math.round(waitMs / 1000)} s`);

    // Known before it is posted: a decision can only follow the post, and finds it here. Its end
    // (decided, refused, wait over, hook gone) takes it out in the same turn: a decision after
    // that is late.
    const wait = startWait(waitMs, hookGone, () => this.#waiting.delete(eventId));
    const complete = details.complete !== false;
    this.#waiting.set(eventId, { eventId, requestId, label, complete, claimed: false, wait });
    // A hook gone before this point has ended the wait already.
    if (wait.ended.aborted) this.#waiting.delete(eventId);
    const [posted] = await Promise.all([
      // A decision ends the posting too: the relay had the call, whatever became of its answer.
      postPermissionEvent(target, body, {
        hookGone: AbortSignal.any([hookGone, wait.ended]),
        ...(this.#deps.post ? { post: this.#deps.post } : {}),
        ...(this.#deps.postDeadlineMs === undefined ? {} : { deadlineMs: this.#deps.postDeadlineMs }),
      }),
      // So a decision after a restart is answered too late, not opened as an agent's reply.
      this.#deps.records.add(eventId, { requestId, expiresAt, decided: false }).catch((error: Error) => {
        logger.warn(`${named}: could not write the permission record (${error.message})`);
      }),
    ]);
    if (posted.outcome !== 'posted' && !wait.isAnswered()) {
      wait.cancel();
      // An attempt given up may still have been stored: it must not ring for nobody.
      if (posted.outcome === 'cancelled' || posted.outcome === 'relay_unreachable')
        this.#end(target, named, eventId);
      if (posted.outcome === 'cancelled' && !hookGone.aborted) {
        // The wait ended the posting, and neither the hook nor a decision did: it ran out.
        logger.info(`${named}: the wait ran out before the call could be posted, no decision`);
        return noDecision('timeout');
      }
      if (posted.outcome === 'cancelled') {
        logger.info(`${named}: hook gone before the call was posted, no decision`);
        return noDecision('error');
      }
      if (posted.outcome === 'not_paired') {
        logger.warn(`${named}: not_paired (the relay refused this computer's token), no decision`);
        return noDecision('not_paired');
      }
      logger.warn(
        `${named}: ${posted.outcome === 'refused' ? 'error' : posted.outcome} (${posted.detail}), no decision`,
      );
      return noDecision(posted.outcome === 'refused' ? 'error' : 'relay_unreachable');
    }

    const outcome = await wait.outcome;
    if (outcome.kind === 'refused') {
      logger.info(`${named}: no decision, an allow of a request not shown whole was refused`);
      return noDecision('incomplete');
    }
    if (outcome.kind === 'decided') {
      const { behavior, message, deviceName, via } = outcome.decision;
      logger.info(`${named}: ${behavior} by ${deviceName} (${via})`);
      return {
        decision: behavior === 'deny' && message !== undefined ? { behavior, message } : { behavior },
        reason: 'decided',
      };
    }
    this.#end(target, named, eventId);
    if (outcome.kind === 'timeout') {
      logger.info(`${named}: timeout, no decision; the call ends at the computer`);
      return noDecision('timeout');
    }
    logger.info(`${named}: hook gone (answered at the computer), no decision; the call ends at the computer`);
    return noDecision('error');
  }

  /**
   * A reply to one of this computer's permission calls: the decision for the waiting hook
   * (delivered), or failed `already_decided`, `too_late`, or undecryptable (a decision that does
   * not open is never taken: the hook keeps waiting).
   */
  async decide(message: DecisionMessage): Promise<ReplyResult> {
    const { logger, records } = this.#deps;
    const waiting = this.#waiting.get(message.eventId);
    const record = records.get(message.eventId);
    const requestId = waiting?.requestId ?? record?.requestId;
    const key = this.#deps.key();
    if (!key || requestId === undefined) return undecryptable(message.replyId);
    const opened = await openDecision(key, message.sealed, { eventId: message.eventId, requestId });
    const named = `permission request ${message.eventId}${waiting ? ` (${waiting.label})` : ''}`;
    if (opened.outcome === 'undecryptable') {
      logger.warn(`${named}: a decision (reply ${message.replyId}) did not open; not taken`);
      return undecryptable(message.replyId);
    }
    if (opened.outcome === 'invalid') {
      logger.warn(`${named}: a decision (reply ${message.replyId}) refused: ${opened.reason}`);
      return failedReply(message.replyId, key, { reason: opened.reason });
    }
    const by = opened.decision.deviceName;
    if (waiting && !waiting.claimed && this.#waiting.get(message.eventId) === waiting) {
      if (refusesAllow(waiting, opened.decision)) {
        // The phone showed less than the agent asks (cut or inferred): its user never saw all that
        // an allow would let run. The phone offers no Allow then; this holds should one come anyway.
        waiting.wait.refuse();
        logger.warn(`${named}: an allow by ${by} refused: the request is not shown whole on a phone`);
        return failedReply(message.replyId, key, {
          reason: 'The request is too long to show in full: answer it at the computer.',
          code: 'incomplete',
        });
      }
      waiting.claimed = true;
      const { behavior, deviceName, decidedAt } = opened.decision;
      // Written before the hook hears it: a crash after that still answers this reply delivered.
      await records
        .noteDecision(message.eventId, { replyId: message.replyId, behavior, deviceName, decidedAt })
        .catch((error: Error) => {
          logger.warn(`${named}: could not note the decision in the permission record (${error.message})`);
        });
      if (waiting.wait.take(opened.decision)) return deliveredDecision(message.replyId, key, opened.decision);
      // The hook went away, or the wait ended, while the decision was being written down.
      await records.forgetDecision(message.eventId).catch((error: Error) => {
        logger.warn(
          `${named}: could not take the decision back from the permission record (${error.message})`,
        );
      });
      return this.#tooLate(named, message.replyId, key, by);
    }
    if (record?.decided) {
      if (record.decision?.replyId === message.replyId) {
        // Sent again (the relay never got our answer, or the daemon restarted): the same outcome.
        logger.info(`${named}: the decision by ${by} came again; it had reached the hook`);
        return deliveredDecision(message.replyId, key, { eventId: message.eventId, ...record.decision });
      }
      logger.info(`${named}: a second decision by ${by} refused, already decided`);
      return failedReply(message.replyId, key, {
        reason: 'Another decision of this request reached the computer first.',
        code: 'already_decided',
      });
    }
    return this.#tooLate(named, message.replyId, key, by);
  }

  #tooLate(named: string, replyId: string, key: string, by: string): Promise<ReplyResult> {
    this.#deps.logger.info(`${named}: a decision by ${by} came too late, the hook stopped waiting`);
    return failedReply(replyId, key, {
      reason: 'Too late: the agent stopped waiting. Answer at the computer.',
      code: 'too_late',
    });
  }

  /**
   * At start, before any request: the calls the records show as still waiting had their hooks in
   * the previous process, gone with it (a restart or a crash), yet they ring on. Each is ended at
   * the computer in the background, tried again while the relay is unreachable until the call
   * expires, so the phone says "Answered at the computer"; a decision for one is then too late.
   */
  endOrphanedCalls(): void {
    const orphans = this.#deps.records.unsettled(Date.now());
    if (orphans.length === 0) return;
    const { logger } = this.#deps;
    const ending = (async () => {
      const target = await this.#deps.target().catch(() => null);
      if (!target) {
        logger.info(
          `${orphans.length} permission call(s) waited when the daemon stopped; not logged in, none ended`,
        );
        return;
      }
      await Promise.all(
        orphans.map(async ([eventId, record]) => {
          const named = `permission request ${eventId}`;
          logger.info(
            `${named}: waited when the daemon stopped (its hook is gone); the call ends at the computer`,
          );
          await this.#endAndNote(target, named, eventId, { until: Date.parse(record.expiresAt) });
        }),
      );
    })();
    this.#track(ending);
  }

  /** Lets the calls being ended at the computer reach the relay (bounded), for a clean stop. */
  async close(): Promise<void> {
    const ending = Promise.all([...this.#ending]);
    await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    // Calls still being tried until they expire: the next start takes them up from the records.
    this.#closing.abort();
  }

  /** Ends the call at the computer in the background: the hook's answer does not wait for it. */
  #end(target: RelayTarget, named: string, eventId: string): void {
    this.#track(this.#endAndNote(target, named, eventId, {}));
  }

  async #endAndNote(
    target: RelayTarget,
    named: string,
    eventId: string,
    options: { until?: number },
  ): Promise<void> {
    const { logger, records } = this.#deps;
    const { outcome, detail } = await endPermissionCall(target, eventId, this.#deps.end, {
      ...options,
      signal: this.#closing.signal,
    });
    if (outcome === 'failed') {
      logger.warn(`${named}: could not end the call at the computer (${detail})`);
      return;
    }
    if (outcome === 'call_ended') logger.info(`${named}: the call had ended on a device first`);
    else if (options.until !== undefined) logger.info(`${named}: ended at the computer`);
    // Nothing rings for it any more: a start after a crash leaves it be.
    await records.markEnded(eventId).catch((error: Error) => {
      logger.warn(`${named}: could not note the end in the permission record (${error.message})`);
    });
  }

  #track(ending: Promise<void>): void {
    this.#ending.add(ending);
    void ending.finally(() => this.#ending.delete(ending));
  }
}

/** An allow of a request the phone could not show whole. */
const refusesAllow = (waiting: Waiting, decision: PermissionDecisionPlaintext) =>
  decision.behavior === 'allow' && !waiting.complete;

type WaitOutcome =
  | { kind: 'decided'; decision: PermissionDecisionPlaintext }
  | { kind: 'refused' }
  | { kind: 'timeout' }
  | { kind: 'gone' };

/** A hook's wait: the first of its decision, the end of the wait, the hook going away. */
interface Wait {
  outcome: Promise<WaitOutcome>;
  /** Aborts when the wait ends, however. */
  ended: AbortSignal;
  /** Hands the decision over; false when the wait had already ended. */
  take(decision: PermissionDecisionPlaintext): boolean;
  /** Ends the wait with an allow refused (the request was not shown whole). */
  refuse(): void;
  /** Whether the phone answered it (a decision, or an allow refused). */
  isAnswered(): boolean;
  /** Ends the wait without a decision (the call could not be posted). */
  cancel(): void;
}

function startWait(waitMs: number, hookGone: AbortSignal, settled: () => void): Wait {
  const ended = new AbortController();
  let resolve: (outcome: WaitOutcome) => void = () => {};
  const outcome = new Promise<WaitOutcome>((done) => {
    resolve = done;
  });
  let answered = false;
  const finish = (result: WaitOutcome): boolean => {
    if (ended.signal.aborted) return false;
    answered = result.kind === 'decided' || result.kind === 'refused';
    clearTimeout(timer);
    hookGone.removeEventListener('abort', gone);
    settled();
    ended.abort();
    resolve(result);
    return true;
  };
  const gone = () => finish({ kind: 'gone' });
  const timer = setTimeout(() => finish({ kind: 'timeout' }), waitMs);
  if (hookGone.aborted) gone();
  else hookGone.addEventListener('abort', gone, { once: true });
  return {
    outcome,
    ended: ended.signal,
    take: (decision) => finish({ kind: 'decided', decision }),
    refuse: () => {
      finish({ kind: 'refused' });
    },
    isAnswered: () => answered,
    cancel: () => {
      finish({ kind: 'gone' });
    },
  };
}
