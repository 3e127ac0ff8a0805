import { type ReplyProgress, ReplyRefusedError, replyMachine } from '@ringback/machines';
import { Aad, paddedJson, type ReplyState, type SealingKey } from '@ringback/protocol';
import { type Actor, createActor, fromPromise } from 'xstate';
import {
  type KeyValueStore,
  listReplySnapshots,
  loadShownReply,
  mergeStatus,
  type PermissionDelivery,
  readHistory,
  removeReplySnapshot,
  saveHistory,
  saveReplySnapshot,
  saveShownReply,
} from '../../storage';
import { recordReplySent } from './call-history-writes';
import { permissionDeliveryOf, refusedDelivery } from './permission-delivery';
import { permissionOutcomeOf } from './permission-outcome';
import { replyFailureReason } from './reply-failure';
import { replyPlaintextOf } from './reply-plaintext';
import type { SessionRelay } from './session-relay';

export type ReplyActor = Actor<typeof replyMachine>;

/** States a reply panel opened again (after a reload) comes back to: the user still has work there. */
const UNFINISHED = ['editing', 'sending', 'unsent'];

export interface CallRepliesDeps {
  store: KeyValueStore;
  relay: SessionRelay;
  key(): Promise<SealingKey | null>;
  now(): number;
  /** History changed (a reply recorded or its delivery moved on). */
  onHistoryChanged(): void;
}

/**
 * One persisted reply machine per call (`ringback.reply.<eventId>`): created at hang-up or from a
 * past call's page, restored at start (a reply caught sending is sent again, with its id), and
 * removed once it is delivered or skipped. The reply is sealed with the report kept in history,
 * so it needs nothing that only lived in the page.
 */
export class CallReplies {
  private readonly actors = new Map<string, ReplyActor>();
  private readonly machine: typeof replyMachine;

  constructor(private readonly deps: CallRepliesDeps) {
    this.machine = replyMachine.provide({
      actors: {
        sendReply: fromPromise(async ({ input, signal }) => {
          const record = readHistory(deps.store, input.eventId);
          const key = await deps.key();
          if (!record || !key) throw new Error('this call is no longer kept on this device');
          // A permission call's reply is the decision kept in history, bound to its request.
          const decision = record.permission?.decision;
          const sealed = decision
            ? await key.seal(
                // Padded: allow, deny and a deny with short words seal to one length.
                paddedJson(decision),
                Aad.permissionDecision(input.eventId, decision.requestId),
              )
            : await key.seal(
                JSON.stringify(replyPlaintextOf(input.eventId, record.report, input.text)),
                Aad.reply(input.eventId),
              );
          let state: ReplyState;
          try {
            state = await deps.relay.sendReply(input.eventId, { replyId: input.replyId, sealed }, signal);
          } catch (error) {
            if (error instanceof ReplyRefusedError && record.permission)
              this.recordDelivery(
                input.eventId,
                refusedDelivery(error.answeredOn, record.permission.request.computer.deviceId),
              );
            throw error;
          }
          if (recordReplySent(deps.store, input.eventId, input.replyId, input.text)) deps.onHistoryChanged();
          await this.recordProgress(state);
          return {
            status: state.status,
            ...(state.status === 'failed' ? { reason: await replyFailureReason(state, key) } : {}),
          };
        }),
      },
    });
  }

  /**
   * Brings back every stored reply; returns the one whose panel was on screen when the page went,
   * if the user still has work there.
   */
  restore(): string | null {
    for (const { eventId, snapshot } of listReplySnapshots(this.deps.store)) {
      try {
        this.start(eventId, { snapshot });
      } catch {
        removeReplySnapshot(this.deps.store, eventId);
      }
    }
    const shown = loadShownReply(this.deps.store);
    const actor = shown ? this.actors.get(shown) : undefined;
    const unfinished = actor && UNFINISHED.some((state) => actor.getSnapshot().matches(state as never));
    return unfinished && shown ? shown : null;
  }

  /** Which reply panel is on screen, so a reload comes back to that one (and not to a draft left behind). */
  markShown(eventId: string | null): void {
    saveShownReply(this.deps.store, eventId);
  }

  /** The call's reply, made now if it has none (or its last one finished). */
  open(eventId: string, defaultText: string): ReplyActor {
    const actor = this.actors.get(eventId);
    if (actor && actor.getSnapshot().status === 'active') return actor;
    return this.start(eventId, { input: { eventId, defaultText } });
  }

  /** The calls whose reply the user is still writing or sending (their lease is kept). */
  unfinished(): string[] {
    return [...this.actors.entries()]
      .filter(([, actor]) => UNFINISHED.some((state) => actor.getSnapshot().matches(state as never)))
      .map(([eventId]) => eventId);
  }

  get(eventId: string): ReplyActor | undefined {
    return this.actors.get(eventId);
  }

  /** A stream frame: the reply's delivery moved on. */
  async progress(state: ReplyState): Promise<void> {
    const reason =
      state.status === 'failed' ? await replyFailureReason(state, await this.deps.key()) : undefined;
    await this.recordProgress(state, reason);
    this.actors.get(state.eventId)?.send({
      type: 'reply.progress',
      replyId: state.replyId,
      status: state.status as ReplyProgress,
      ...(reason ? { reason } : {}),
    });
  }

  stop(): void {
    for (const actor of this.actors.values()) actor.stop();
    this.actors.clear();
  }

  private start(
    eventId: string,
    options: { snapshot: unknown } | { input: { eventId: string; defaultText: string } },
  ): ReplyActor {
    this.actors.get(eventId)?.stop();
    const actor =
      'snapshot' in options
        ? createActor(this.machine, {
            snapshot: options.snapshot as never,
            input: { eventId, defaultText: '' },
          })
        : createActor(this.machine, { input: options.input });
    this.actors.set(eventId, actor);
    actor.subscribe(() => this.persist(eventId, actor));
    actor.start();
    this.persist(eventId, actor);
    return actor;
  }

  /** Persisted at every change; gone once it finished (history keeps what was sent). */
  private persist(eventId: string, actor: ReplyActor): void {
    if (this.actors.get(eventId) !== actor) return;
    if (actor.getSnapshot().status === 'done') removeReplySnapshot(this.deps.store, eventId);
    else saveReplySnapshot(this.deps.store, eventId, actor.getPersistedSnapshot(), this.deps.now());
  }

  /** What the computer made of a permission decision, kept in history beside it. */
  private recordDelivery(eventId: string, delivery: PermissionDelivery): void {
    const record = readHistory(this.deps.store, eventId);
    // Once known, an outcome stays: a frame replayed after a reconnect does not change it.
    if (!record?.permission || record.permission.delivery) return;
    if (saveHistory(this.deps.store, { ...record, permission: { ...record.permission, delivery } }))
      this.deps.onHistoryChanged();
  }

  /**
   * Another device's decision reached the computer: kept beside the call this device held (it rang,
   * was missed or ended elsewhere here), so history and its screen say how it was decided.
   */
  private async recordOutcome(state: ReplyState): Promise<void> {
    const outcome = await permissionOutcomeOf(state, await this.deps.key());
    if (!outcome) return;
    const record = readHistory(this.deps.store, state.eventId);
    // Once known, it stays: a frame replayed after a reconnect does not change it.
    if (!record?.permission || record.permission.decision || record.permission.outcome) return;
    if (saveHistory(this.deps.store, { ...record, permission: { ...record.permission, outcome } }))
      this.deps.onHistoryChanged();
  }

  private async recordProgress(state: ReplyState, reason?: string): Promise<void> {
    const permission = readHistory(this.deps.store, state.eventId)?.permission;
    if (permission?.decision) {
      const delivery = await permissionDeliveryOf(state, await this.deps.key());
      if (delivery) this.recordDelivery(state.eventId, delivery);
    } else if (permission) {
      await this.recordOutcome(state);
    }
    const failure =
      reason ??
      (state.status === 'failed' ? await replyFailureReason(state, await this.deps.key()) : undefined);
    const changed = mergeStatus(this.deps.store, state.eventId, {
      replies: [{ replyId: state.replyId, status: state.status, ...(failure ? { failure } : {}) }],
    });
    if (changed) this.deps.onHistoryChanged();
  }
}
