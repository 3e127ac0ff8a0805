import {
  type CallQueueActor,
  callQueueMachine,
  type InCallOutput,
  selectCurrentCall,
  startCallQueue,
  type WrittenCallStatus,
} from '@ringback/machines';
import { Aad, open, type RelayedEvent, type ReplyState, type StatusChange, seal } from '@ringback/protocol';
import { fromPromise } from 'xstate';
import { briefWithFormOfAddress } from '../../format';
import {
  type AudioOutput,
  findEngine,
  missingSetting,
  prepareSpeech,
  type SpeechService,
} from '../../speech';
import {
  type KeyValueStore,
  type LocalSettings,
  loadAnswered,
  loadQueueSnapshot,
  markAnswered,
  mergeStatus,
  readHistory,
  saveHistory,
  saveQueueSnapshot,
} from '../../storage';
import { type CallPlayerActor, startCallPlayer } from './call-player';
import { callSentences, speechOptionsFor } from './call-speech';
import { historyRecordOf } from './history-record';
import { type Observable, observable } from './observable';
import { type OpenedEvent, openRelayedEvent } from './open-event';
import { randomId } from './random-id';
import { replyPlaintextOf } from './reply-plaintext';
import { defaultReplyText } from './reply-text';
import type { SessionRelay } from './session-relay';

const REPLY_PROGRESS: Record<ReplyView['state'], number> = {
  idle: 0,
  sending: 1,
  queued: 2,
  dispatched: 3,
  delivered: 4,
  failed: 4,
};

export type ConnectionState = 'connecting' | 'connected' | 'offline';

export interface ReplyView {
  eventId: string;
  defaultText: string;
  replyId: string | null;
  state: 'idle' | 'sending' | 'queued' | 'dispatched' | 'delivered' | 'failed';
  reason?: string;
  /** Set from the send until the relay has the reply. */
  unsent?: boolean;
}

export interface SessionView {
  connection: ConnectionState;
  /** Calls that could not be opened with this device's key: they never ring. */
  undecryptable: string[];
  /** The answered call on screen, with its player. */
  call: { eventId: string; player: CallPlayerActor; answeredAt: number } | null;
  reply: ReplyView | null;
  /** Bumped whenever stored history changes, so lists re-read it. */
  historyVersion: number;
}

export interface SessionDeps {
  store: KeyValueStore;
  settings: () => LocalSettings;
  relay: SessionRelay;
  speech: SpeechService;
  audio: AudioOutput;
  ringtone: { start(): void; stop(): void };
  onSignedOut(): void;
  now?: () => number;
}

/**
 * One paired device's live session: the relay stream feeds the call queue, the queue's effects
 * prepare speech, ring, and write statuses back; an answered call gets its player; hang-up stores
 * the call in history and opens the reply panel. Components read `view` and the queue actor.
 */
export class RingbackSession {
  readonly queue: CallQueueActor;
  readonly view: Observable<SessionView>;
  private readonly opened = new Map<string, OpenedEvent>();
  private stream: { close(): void } | null = null;
  private persistQueued = false;
  private readonly now: () => number;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now;
    this.view = observable<SessionView>({
      connection: 'connecting',
      undecryptable: [],
      call: null,
      reply: null,
      historyVersion: 0,
    });
    const machine = callQueueMachine.provide({
      actors: {
        prepareSpeech: fromPromise(({ input, signal }) => this.prepare(input.eventId, signal)),
      },
      actions: {
        writeStatus: (_, params) => void this.writeStatus(params.eventId, params.status),
        startRinging: () => deps.ringtone.start(),
        stopRinging: () => deps.ringtone.stop(),
        persist: () => this.schedulePersist(),
      },
    });
    this.queue = startCallQueue(machine, {
      persisted: loadQueueSnapshot(deps.store),
      input: { answered: loadAnswered(deps.store) },
      now: this.now(),
    });
    this.queue.subscribe(() => this.followCurrentCall());
  }

  start(): void {
    this.stream = this.deps.relay.openStream({
      onEvent: (event) => void this.receive(event),
      onStatus: (change) => this.statusChanged(change),
      onReply: (reply) => void this.replyChanged(reply),
      onReconciled: (events) => this.reconciled(events),
      onConnection: (connection) => this.view.set((view) => ({ ...view, connection })),
      onUnauthorized: () => this.deps.onSignedOut(),
    });
  }

  stop(): void {
    this.stream?.close();
    this.stream = null;
    this.deps.ringtone.stop();
    this.view.get().call?.player.stop();
    this.queue.stop();
  }

  openedEvent(eventId: string): OpenedEvent | undefined {
    return this.opened.get(eventId);
  }

  answer(eventId: string): void {
    void this.deps.audio.unlock();
    this.queue.send({ type: 'call.answer', eventId });
  }

  async sendReply(text: string): Promise<void> {
    const reply = this.view.get().reply;
    const event = reply && this.opened.get(reply.eventId);
    const key = this.deps.settings().e2eKey;
    if (!reply || !event || !key) return;
    // The same id again after a failed POST (the relay keeps replies idempotent by id); a new one
    // after the computer reported a failed delivery, since that reply is finished.
    const replyId = reply.replyId && reply.unsent ? reply.replyId : randomId();
    this.setReply({ replyId, state: 'sending', unsent: true });
    const { report } = event.plaintext;
    try {
      const sealed = await seal(
        key,
        JSON.stringify(replyPlaintextOf(event.eventId, report, text)),
        Aad.reply(event.eventId),
      );
      const state = await this.deps.relay.sendReply(event.eventId, { replyId, sealed });
      this.setReply({ unsent: false });
      const record = readHistory(this.deps.store, event.eventId);
      if (record && !record.replies.some((sent) => sent.replyId === replyId)) {
        saveHistory(this.deps.store, {
          ...record,
          replies: [...record.replies, { replyId, text, status: 'queued' }],
        });
      }
      await this.replyChanged(state);
    } catch (error) {
      this.setReply({ state: 'failed', reason: `could not send the reply: ${(error as Error).message}` });
    }
  }

  /** Plays a past call again from history: the same player, no status written, no reply asked. */
  replay(eventId: string): void {
    const record = readHistory(this.deps.store, eventId);
    if (!record || this.view.get().call) return;
    const brief = record.brief ?? {
      status: 'failed' as const,
      language: 'en-US',
      reason: 'no brief was kept for this call',
      llmCalls: 0,
    };
    const event: OpenedEvent = {
      eventId,
      occurredAt: Date.parse(record.occurredAt),
      receivedAt: Date.parse(record.receivedAt),
      // Tracker calls (a later issue) replay the same way; the sealed shape names only agent sources today.
      plaintext: {
        eventId,
        occurredAt: record.occurredAt,
        report: record.report as OpenedEvent['plaintext']['report'],
        brief,
      },
      brief: briefWithFormOfAddress(brief, this.deps.settings().formOfAddress),
    };
    if (!this.opened.has(eventId)) this.opened.set(eventId, event);
    void this.deps.audio.unlock();
    const player = startCallPlayer(
      event,
      { speech: this.deps.speech, audio: this.deps.audio, settings: this.deps.settings },
      () => this.view.set((view) => ({ ...view, call: null })),
    );
    this.view.set((view) => ({ ...view, call: { eventId, player, answeredAt: this.now() } }));
  }

  closeReply(): void {
    this.view.set((view) => ({ ...view, reply: null }));
  }

  private async receive(event: RelayedEvent): Promise<void> {
    const me = this.deps.settings().deviceId;
    const handledElsewhere = event.status !== 'pending' && event.handledBy?.deviceId !== me;
    if (handledElsewhere) {
      this.statusChanged({ eventId: event.eventId, status: event.status, handledBy: event.handledBy });
      return;
    }
    if (this.opened.has(event.eventId)) return;
    const key = this.deps.settings().e2eKey;
    const result = key
      ? await openRelayedEvent(event, key, this.deps.settings().formOfAddress)
      : { ok: false as const, eventId: event.eventId };
    if (!result.ok) {
      this.view.set((view) =>
        view.undecryptable.includes(event.eventId)
          ? view
          : { ...view, undecryptable: [...view.undecryptable, event.eventId] },
      );
      return;
    }
    this.opened.set(event.eventId, result.event);
    // A tracker call ranks by its issue's priority and update time; a local report by its time.
    const { report } = result.event.plaintext;
    const tracker = report.source === 'tracker' ? report : null;
    this.queue.send({
      type: 'report.received',
      report: {
        eventId: event.eventId,
        occurredAt: result.event.occurredAt,
        priority: tracker?.priority ?? 'none',
        updatedAt: (tracker && Date.parse(tracker.updatedAt)) || result.event.occurredAt,
      },
      learnedAt: this.now(),
    });
  }

  /** A status frame: another device took, declined or acknowledged the call. */
  private statusChanged(change: StatusChange): void {
    const me = this.deps.settings().deviceId;
    if (change.status === 'pending' || change.handledBy?.deviceId === me) return;
    this.queue.send({
      type: 'call.endedElsewhere',
      eventId: change.eventId,
      status: change.status,
      ...(change.handledBy ? { by: change.handledBy } : {}),
    });
    const opened = this.opened.get(change.eventId);
    if (opened && !readHistory(this.deps.store, change.eventId)) {
      saveHistory(
        this.deps.store,
        historyRecordOf(opened, { status: change.status, handledBy: change.handledBy }),
      );
      this.bumpHistory();
    } else if (
      mergeStatus(this.deps.store, change.eventId, { status: change.status, handledBy: change.handledBy })
    ) {
      this.bumpHistory();
    }
  }

  /** After (re)connecting: calls this device still holds that are no longer pending ended elsewhere. */
  private reconciled(pending: readonly RelayedEvent[]): void {
    const live = new Set(pending.map((event) => event.eventId));
    for (const [eventId, call] of Object.entries(this.queue.getSnapshot().context.calls)) {
      const waiting = ['preparing', 'failed', 'queued', 'ringing', 'missed'].includes(call.state);
      if (waiting && !live.has(eventId)) {
        this.queue.send({ type: 'call.endedElsewhere', eventId, status: 'completed' });
      }
    }
    for (const event of pending) void this.receive(event);
  }

  private async replyChanged(reply: ReplyState): Promise<void> {
    let reason: string | undefined;
    if (reply.status === 'failed') reason = await this.failureReason(reply);
    if (
      mergeStatus(this.deps.store, reply.eventId, {
        replies: [{ replyId: reply.replyId, status: reply.status, ...(reason ? { failure: reason } : {}) }],
      })
    ) {
      this.bumpHistory();
    }
    const current = this.view.get().reply;
    // Stream frames can overtake the POST's own answer: a reply's state only moves forward.
    if (current?.replyId === reply.replyId && REPLY_PROGRESS[reply.status] > REPLY_PROGRESS[current.state]) {
      this.setReply({ state: reply.status, ...(reason ? { reason } : {}) });
    }
  }

  private async failureReason(reply: ReplyState): Promise<string> {
    if (reply.error === 'undecryptable_reply')
      return 'the computer could not open the reply: it holds a different end-to-end key';
    const key = this.deps.settings().e2eKey;
    if (!reply.failure || !key) return 'the computer could not deliver the reply';
    try {
      const failure = JSON.parse(await open(key, reply.failure, Aad.replyError(reply.replyId))) as {
        reason: string;
        code?: string;
      };
      return failure.code === 'may_have_run'
        ? `${failure.reason} (the agent may already have acted on it, so it was not started again)`
        : failure.reason;
    } catch {
      return 'the computer could not deliver the reply';
    }
  }

  /** The queue's speech preparation: every sentence of the call synthesised and cached. */
  private async prepare(eventId: string, signal: AbortSignal): Promise<void> {
    const event = this.opened.get(eventId);
    if (!event) throw new Error('the report is no longer available on this device');
    const settings = this.deps.settings();
    const options = speechOptionsFor(settings, event.brief.language);
    const engine = findEngine(options.engineId);
    if (!engine) throw new Error(`voice "${options.engineId}" is not available`);
    const missing = missingSetting(engine, options.config);
    if (missing) throw new Error(`the voice needs a setting first: ${missing}`);
    await prepareSpeech(callSentences(event), this.deps.speech, options, signal);
  }

  private async writeStatus(eventId: string, status: WrittenCallStatus): Promise<void> {
    const result = await this.deps.relay.writeStatus(eventId, status).catch(() => null);
    if (!result) return; // Reported again after the next restart (the queue keeps it unconfirmed).
    if (result.taken) {
      this.queue.send({ type: 'call.taken', eventId, by: result.taken });
      return;
    }
    this.queue.send({ type: 'status.written', eventId, status });
  }

  /** Starts the player when the queue puts a call on screen. */
  private followCurrentCall(): void {
    const current = selectCurrentCall(this.queue.getSnapshot());
    const shown = this.view.get().call;
    if (!current || shown?.eventId === current.report.eventId) return;
    const event = this.opened.get(current.report.eventId);
    if (!event) return;
    const eventId = event.eventId;
    markAnswered(this.deps.store, eventId);
    const answeredAt = this.now();
    saveHistory(this.deps.store, {
      ...historyRecordOf(event, { status: 'answered', handledBy: null }),
      callTime: new Date(answeredAt).toISOString(),
    });
    const player = startCallPlayer(
      event,
      { speech: this.deps.speech, audio: this.deps.audio, settings: this.deps.settings },
      (output) => this.callEnded(eventId, output),
    );
    this.view.set((view) => ({ ...view, call: { eventId, player, answeredAt } }));
  }

  private callEnded(eventId: string, output: InCallOutput): void {
    this.queue.send({ type: 'call.hangUp', eventId });
    const record = readHistory(this.deps.store, eventId);
    if (record) {
      saveHistory(this.deps.store, {
        ...record,
        status: 'completed',
        conversation: [...output.conversation],
        decisions: output.decisions
          .filter((decision) => decision.answer !== null)
          .map((decision) => ({ question: decision.question, answer: decision.answer ?? '' })),
      });
    }
    this.view.set((view) => ({
      ...view,
      call: null,
      reply: { eventId, defaultText: defaultReplyText(output), replyId: null, state: 'idle' },
      historyVersion: view.historyVersion + 1,
    }));
  }

  private setReply(patch: Partial<ReplyView>): void {
    this.view.set((view) => (view.reply ? { ...view, reply: { ...view.reply, ...patch } } : view));
  }

  private bumpHistory(): void {
    this.view.set((view) => ({ ...view, historyVersion: view.historyVersion + 1 }));
  }

  /** Saved once the current event has finished (the action fires mid-transition). */
  private schedulePersist(): void {
    if (this.persistQueued) return;
    this.persistQueued = true;
    queueMicrotask(() => {
      this.persistQueued = false;
      saveQueueSnapshot(this.deps.store, this.queue.getPersistedSnapshot());
    });
  }
}
