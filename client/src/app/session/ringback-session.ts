import {
  type CallQueueActor,
  callQueueMachine,
  type InCallOutput,
  isExpired,
  selectCall,
  selectCurrentCall,
  selectRingingCall,
  startCallQueue,
} from '@ringback/machines';
import type { CallStatus, SealingKey } from '@ringback/protocol';
import { fromPromise } from 'xstate';
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
  readHistory,
  saveHistory,
  saveQueueSnapshot,
} from '../../storage';
import type { WorkerDecline, WorkerDeclineLog } from '../../storage/worker-declines';
import { AnswerLease } from './answer-lease';
import { arrivalStep } from './answer-on-arrival';
import { recordAnswered, recordCallEnd, recordEndedElsewhere, recordEndedHere } from './call-history-writes';
import { type CallPlayerActor, startCallPlayer } from './call-player';
import { openedFromHistory } from './call-replay';
import { CallReplies } from './call-replies';
import { callSentences, speechOptionsFor } from './call-speech';
import { heldCallNow } from './held-call-now';
import { type Observable, observable } from './observable';
import type { OpenedEvent, OpenFailure } from './open-event';
import { OpenedEvents } from './opened-events';
import type { PageReturns } from './page-returns';
import { decisionFor, decisionText, mayAllow, type PermissionChoice } from './permission-decision';
import { randomId } from './random-id';
import { defaultReplyText } from './reply-text';
import type { SessionRelay } from './session-relay';
import { soundStartsWithoutTap } from './sound-unlock';
import { statusWriterFor } from './status-writer';
import { StreamIntake } from './stream-intake';
import { takeWorkerDeclines } from './worker-declines-intake';

export type ConnectionState = 'connecting' | 'connected' | 'offline';

export interface SessionView {
  connection: ConnectionState;
  /** Calls that did not open here, and why: they never ring. */
  undecryptable: OpenFailure[];
  /** The call on screen with its player: answered here, or a past call replayed. */
  call: { eventId: string; player: CallPlayerActor; answeredAt: number; replay: boolean } | null;
  /** The reply panel on screen (its machine is `session.replies.get(eventId)`). */
  reply: { eventId: string } | null;
  /** Bumped whenever stored history changes, so lists re-read it. */
  historyVersion: number;
  /**
   * A call answered without a tap (from a notification) whose sound the browser keeps off until
   * the page is tapped: the call screen asks for that one tap.
   */
  soundLocked: boolean;
  /**
   * Calls answered here that the relay gave to another device while the user was still in them
   * or writing the reply (a renewal met 409): by event id, the name of the device, when known.
   */
  takenFromHere: Readonly<Record<string, string | null>>;
  /**
   * A permission call that rang or was in call here and ended without this device (at the
   * computer, or on another device): its screen says where, with no buttons to decide.
   */
  permissionEnded: { eventId: string; by: { deviceId: string; name: string } | null } | null;
}

export interface SessionDeps {
  store: KeyValueStore;
  settings: () => LocalSettings;
  /** The end-to-end key in effect now (it can change while the session runs), or null. */
  e2eKey: () => Promise<SealingKey | null>;
  relay: SessionRelay;
  speech: SpeechService;
  audio: AudioOutput;
  /** Rings the call that rings now; a permission call asks for its own tone. */
  ringtone: { start(kind?: 'report' | 'permission'): void; stop(): void };
  onSignedOut(): void;
  now?: () => number;
  /** How often held calls' leases are renewed; `ANSWER_LEASE_RENEW_MS` unless a test says otherwise. */
  leaseRenewMs?: number;
  /** When the page is back from being frozen or offline: held calls' leases are renewed at once. */
  pageReturns?: PageReturns;
  /** The calls the service worker declined from their notification (IndexedDB), if there is one. */
  workerDeclines?: WorkerDeclineLog | null;
}

/**
 * One paired device's live session: the relay stream feeds the call queue (frames handled one at
 * a time, in order, each call decrypted before the queue hears of it); the queue prepares speech,
 * rings and writes statuses through its own actors; the call on screen gets its player; hang-up
 * stores the call and opens its reply, a persisted machine of its own.
 */
export class RingbackSession {
  readonly queue: CallQueueActor;
  readonly view: Observable<SessionView>;
  readonly replies: CallReplies;
  private readonly events = new OpenedEvents();
  private readonly intake: StreamIntake;
  private readonly lease: AnswerLease;
  private stream: { close(): void } | null = null;
  private frames: Promise<void> = Promise.resolve();
  private persistQueued = false;
  /** A call the user chose from a notification, answered as soon as the queue lets it be. */
  private answerWanted: { eventId: string; waiting: AbortController } | null = null;
  /** A call answered without a tap, whose sound is checked once it is on screen. */
  private soundCheckFor: string | null = null;
  /** Stopped (signed out, or another tab took the session): nothing more is written. */
  private stopped = false;
  private readonly now: () => number;
  /** The permission call ringing or in call here at the queue's last change, to notice it ending elsewhere. */
  private permissionOnScreen: string | null = null;
  /** Permission calls whose speech was started ahead (see speakPermissionsAhead), once each. */
  private readonly spokenAhead = new Set<string>();
  private readonly spokenAheadStop = new AbortController();

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now;
    this.view = observable<SessionView>({
      connection: 'connecting',
      undecryptable: [],
      call: null,
      reply: null,
      historyVersion: 0,
      soundLocked: false,
      takenFromHere: {},
      permissionEnded: null,
    });
    this.replies = new CallReplies({
      store: deps.store,
      relay: deps.relay,
      key: () => deps.e2eKey(),
      now: this.now,
      onHistoryChanged: () => this.bumpHistory(),
    });
    const machine = callQueueMachine.provide({
      actors: {
        prepareSpeech: fromPromise(({ input, signal }) => this.prepare(input.eventId, signal)),
        writeStatus: statusWriterFor(deps.relay),
      },
      actions: {
        startRinging: (_, params) => this.ringing(params.eventId),
        stopRinging: () => deps.ringtone.stop(),
        persist: () => this.schedulePersist(),
      },
    });
    // Restored at once, yet nothing rings or fails before its call is decrypted again: speech
    // preparation waits for the relay's stream to bring each call back (`OpenedEvents`).
    this.queue = startCallQueue(machine, {
      persisted: loadQueueSnapshot(deps.store, deps.settings().deviceId),
      input: { answered: loadAnswered(deps.store) },
      now: this.now(),
    });
    this.queue.subscribe(() => this.followQueue());
    this.lease = new AnswerLease({
      renew: (eventId) => deps.relay.renewLease(eventId),
      held: () => this.heldCalls(),
      onLost: (eventId, by) =>
        this.view.set((view) => ({
          ...view,
          takenFromHere: { ...view.takenFromHere, [eventId]: by?.name ?? null },
        })),
      ...(deps.leaseRenewMs ? { everyMs: deps.leaseRenewMs } : {}),
      ...(deps.pageReturns ? { pageReturns: deps.pageReturns } : {}),
    });
    this.intake = new StreamIntake({
      queue: this.queue,
      events: this.events,
      store: deps.store,
      settings: deps.settings,
      e2eKey: deps.e2eKey,
      now: this.now,
      relayClockOffset: () => deps.relay.clockOffset(),
      holds: (eventId) => this.heldCalls().includes(eventId),
      callNow: (eventId) => heldCallNow(deps.relay, eventId, deps.settings().deviceId ?? ''),
      onUnopened: () => this.view.set((view) => ({ ...view, undecryptable: this.events.failures() })),
      onHistoryChanged: () => this.bumpHistory(),
    });
  }

  start(): void {
    this.showReply(this.replies.restore());
    this.lease.start();
    const inOrder = (handle: () => Promise<void> | void) => {
      this.frames = this.frames
        .then(handle)
        .catch((error) => console.error('ringback: a stream frame', error));
    };
    this.stream = this.deps.relay.openStream({
      onEvent: (event) => inOrder(() => this.intake.receive(event)),
      onStatus: (change) => inOrder(() => this.intake.statusChanged(change)),
      onReply: (reply) => inOrder(() => this.replies.progress(reply)),
      onReconciled: (events) => inOrder(() => this.intake.reconciled(events)),
      onConnection: (connection) => this.view.set((view) => ({ ...view, connection })),
      onUnauthorized: () => this.deps.onSignedOut(),
    });
    void this.takeWorkerDeclines();
  }

  /**
   * Takes the calls the service worker declined from their notification into history (at start,
   * when the worker says it declined one, when the page comes to the front), in turn with the
   * stream's frames: those in IndexedDB, and `told`, the one the worker's message carries (which
   * IndexedDB may have failed to keep). Resolves once they are in.
   */
  takeWorkerDeclines(told?: WorkerDecline): Promise<void> {
    const log = this.deps.workerDeclines;
    if (!log) return Promise.resolve();
    const taken = this.frames
      .then(async () => {
        if (this.stopped) return;
        const changed = await takeWorkerDeclines({
          log,
          ...(told ? { told } : {}),
          queue: this.queue,
          opened: (eventId) => this.events.get(eventId),
          store: this.deps.store,
          e2eKey: this.deps.e2eKey,
          formOfAddress: () => this.deps.settings().formOfAddress,
          stopped: () => this.stopped,
        });
        if (changed) this.bumpHistory();
      })
      .catch((error) => console.error('ringback: the worker’s declines', error));
    this.frames = taken;
    return taken;
  }

  stop(): void {
    this.stopped = true;
    this.spokenAheadStop.abort();
    this.lease.stop();
    this.answerWanted?.waiting.abort();
    this.stream?.close();
    this.stream = null;
    this.deps.ringtone.stop();
    this.view.get().call?.player.stop();
    this.replies.stop();
    this.queue.stop();
  }

  openedEvent(eventId: string): OpenedEvent | undefined {
    return this.events.get(eventId);
  }

  answer(eventId: string): void {
    void this.deps.audio.unlock();
    this.queue.send({ type: 'call.answer', eventId });
  }

  /**
   * Answers `eventId` as soon as it can be (a notification's Answer, or a tap on it, opened this
   * page): at once when it rings or was missed; when it rings, if it is still being prepared or
   * waits its turn; when it arrives, if the stream has not brought it yet. There is no tap here to
   * unlock sound, so if the browser keeps it off, `soundLocked` asks for one.
   */
  answerOnArrival(eventId: string): void {
    this.answerWanted?.waiting.abort();
    const waiting = new AbortController();
    this.answerWanted = { eventId, waiting };
    // A call the queue already has (restored from before a reload) may open only later, when the
    // stream brings it back: its opening is waited for itself, not left to the queue's next change.
    this.events.whenOpened(eventId, waiting.signal).then(
      () => this.followAnswerWanted(),
      () => undefined,
    );
    this.followAnswerWanted();
  }

  /** The call `answerOnArrival` still waits for (not in the queue yet), if any. */
  answerWaitingFor(): string | null {
    return this.answerWanted?.eventId ?? null;
  }

  /** The tap `soundLocked` asked for: sound starts from this gesture. */
  unlockSound(): void {
    void this.deps.audio.unlock().catch(() => undefined);
    this.view.set((view) => ({ ...view, soundLocked: false }));
  }

  /** Declines the ringing call: written to the relay, and kept in history here as declined. */
  decline(eventId: string): void {
    this.queue.send({ type: 'call.decline', eventId });
    this.recordEndedHere([eventId], 'declined', 'rejected');
  }

  /**
   * Acknowledges the missed and queued calls among `eventIds` (the current tab; default all):
   * written to the relay, and each kept in history here as acknowledged.
   */
  acknowledgeAll(eventIds?: string[]): void {
    const ids = eventIds ?? Object.keys(this.queue.getSnapshot().context.calls);
    this.queue.send({ type: 'missed.acknowledgeAll', ...(eventIds ? { eventIds } : {}) });
    this.recordEndedHere(ids, 'acknowledged', 'acknowledged');
  }

  /** Plays a past call again from history: the same player, no status written, no reply asked. */
  replay(eventId: string): void {
    const record = readHistory(this.deps.store, eventId);
    if (!record || this.view.get().call) return;
    const event = openedFromHistory(record, this.deps.settings().formOfAddress);
    if (!this.events.get(eventId)) this.events.add(event);
    void this.deps.audio.unlock();
    const player = this.startPlayer(event, () => this.view.set((view) => ({ ...view, call: null })));
    this.view.set((view) => ({ ...view, call: { eventId, player, answeredAt: this.now(), replay: true } }));
  }

  /** Opens the reply panel of a call answered here (after hang-up, or from its page later). */
  openReply(eventId: string, defaultText = ''): void {
    this.replies.open(eventId, defaultText);
    this.showReply(eventId);
  }

  sendReply(eventId: string, text: string): void {
    const actor = this.replies.get(eventId);
    if (actor?.getSnapshot().can({ type: 'reply.retry' })) actor.send({ type: 'reply.retry' });
    else actor?.send({ type: 'reply.send', text, replyId: randomId() });
  }

  /**
   * Allow or deny a permission call, from the ringing screen, the missed list or in the call: the
   * decision is kept in history first (a reload sends the same one), the call is answered if it
   * was not yet and ended, and the decision goes out as the call's reply, whose panel shows how
   * it went. False when the call cannot be decided here (not live here, or not a permission call).
   */
  decidePermission(eventId: string, choice: PermissionChoice): boolean {
    const event = this.events.get(eventId);
    const call = selectCall(this.queue.getSnapshot(), eventId);
    const state = call?.state;
    if (!event?.permission || !state || !['ringing', 'missed', 'inCall'].includes(state)) return false;
    // Not shown whole: an allow is for the computer, where the whole request shows.
    if (choice.behavior === 'allow' && !mayAllow(event.permission)) return false;
    // The agent stopped waiting: a decision could not reach it, and nothing is written.
    if (call && isExpired(call.report, this.now())) return false;
    const decidedAt = this.now();
    if (!readHistory(this.deps.store, eventId)) recordAnswered(this.deps.store, event, decidedAt);
    const record = readHistory(this.deps.store, eventId);
    if (!record?.permission) return false;
    const decision = decisionFor(event.permission, choice, this.deps.settings().deviceName, decidedAt);
    saveHistory(this.deps.store, {
      ...record,
      status: 'completed',
      callTime: record.callTime ?? new Date(decidedAt).toISOString(),
      permission: { ...record.permission, decision },
    });
    // Ended in the queue first, so the stopped player's end is not taken for a hang-up.
    this.queue.send({ type: 'call.decided', eventId });
    const shown = this.view.get().call;
    if (shown?.eventId === eventId) {
      shown.player.stop();
      this.view.set((view) => ({ ...view, call: null, soundLocked: false }));
    }
    const reply = this.replies.open(eventId, '');
    reply.send({ type: 'reply.send', text: decisionText(decision), replyId: randomId() });
    this.showReply(eventId);
    this.bumpHistory();
    return true;
  }

  /** Skip: an unsent reply is given up; one the relay has goes on in the background. */
  closeReply(options: { skip: boolean }): void {
    const eventId = this.view.get().reply?.eventId;
    if (eventId && options.skip) this.replies.get(eventId)?.send({ type: 'reply.skip' });
    this.showReply(null);
  }

  /** The queue's speech preparation: every sentence of the call synthesised and cached. */
  private async prepare(eventId: string, signal: AbortSignal): Promise<void> {
    const event = await this.events.whenOpened(eventId, signal);
    const settings = this.deps.settings();
    const options = speechOptionsFor(settings, event.brief.language);
    const engine = findEngine(options.engineId);
    if (!engine) throw new Error(`voice "${options.engineId}" is not available`);
    const missing = missingSetting(engine, options.config);
    if (missing) throw new Error(`the voice needs a setting first: ${missing}`);
    await prepareSpeech(callSentences(event), this.deps.speech, options, signal);
  }

  /** The calls whose lease this device renews: the one it is in, and those it is writing a reply to. */
  private heldCalls(): string[] {
    const current = selectCurrentCall(this.queue.getSnapshot());
    const inCall = current?.state === 'inCall' ? [current.report.eventId] : [];
    return [...new Set([...inCall, ...this.replies.unfinished()])];
  }

  /**
   * A call rings over whatever shows (a permission call with its own tone, as opened: a call only
   * rings once it is); a past call being replayed pauses for it.
   */
  private ringing(eventId: string): void {
    this.deps.ringtone.start(this.events.get(eventId)?.permission ? 'permission' : 'report');
    const shown = this.view.get().call;
    if (shown?.replay && shown.player.getSnapshot().hasTag('playing'))
      shown.player.send({ type: 'interrupt' });
  }

  /** Answers the call chosen from a notification once the queue lets it, or lets go of it. */
  private followAnswerWanted(): void {
    if (!this.answerWanted || this.stopped) return;
    const { eventId, waiting } = this.answerWanted;
    const step = arrivalStep(this.queue.getSnapshot(), eventId, this.events.get(eventId) !== undefined);
    if (step === 'wait') return;
    waiting.abort();
    this.answerWanted = null;
    if (step === 'drop') return;
    this.soundCheckFor = eventId;
    this.queue.send({ type: 'call.answer', eventId });
  }

  /** Once the call answered without a tap is on screen: asks for a tap if its sound is held back. */
  private checkSound(): void {
    const eventId = this.soundCheckFor;
    if (eventId === null || this.view.get().call?.eventId !== eventId) return;
    this.soundCheckFor = null;
    void soundStartsWithoutTap(this.deps.audio).then((starts) => {
      if (!starts && !this.stopped && this.view.get().call?.eventId === eventId)
        this.view.set((view) => ({ ...view, soundLocked: true }));
    });
  }

  /** Puts the call answered here on screen, and takes it off when another device has it. */
  private followQueue(): void {
    this.followAnswerWanted();
    this.followPermission();
    this.speakPermissionsAhead();
    const snapshot = this.queue.getSnapshot();
    const shown = this.view.get().call;
    if (shown && !shown.replay && selectCall(snapshot, shown.eventId)?.state === 'endedElsewhere') {
      this.lostCall(shown.eventId);
    }
    const current = selectCurrentCall(snapshot);
    if (!current || this.view.get().call?.eventId === current.report.eventId) return;
    const event = this.events.get(current.report.eventId);
    if (!event) return;
    if (this.view.get().call?.replay) this.view.get().call?.player.stop();
    const eventId = event.eventId;
    const answeredAt = this.now();
    if (recordAnswered(this.deps.store, event, answeredAt)) this.bumpHistory();
    const player = this.startPlayer(event, (output) => this.callEnded(eventId, output));
    this.view.set((view) => ({ ...view, call: { eventId, player, answeredAt, replay: false } }));
    this.checkSound();
  }

  /** A permission call ringing or in call here that another device or the computer ended: say so. */
  private followPermission(): void {
    const snapshot = this.queue.getSnapshot();
    const watched = this.permissionOnScreen;
    if (watched) {
      const call = selectCall(snapshot, watched);
      if (call?.state === 'endedElsewhere')
        this.view.set((view) => ({
          ...view,
          permissionEnded: { eventId: watched, by: call.endedBy ?? null },
        }));
    }
    const onScreen = selectRingingCall(snapshot) ?? selectCurrentCall(snapshot);
    this.permissionOnScreen = onScreen?.report.kind === 'permission' ? onScreen.report.eventId : null;
  }

  /**
   * A permission call rings without waiting for its speech (the queue's arrival rule): its few
   * lines are synthesised into the cache while it rings, so "Listen to the request" mostly plays
   * at once. Best effort: the player synthesises whatever is missing, and a voice that fails
   * leaves the tap to decide.
   */
  private speakPermissionsAhead(): void {
    for (const [eventId, call] of Object.entries(this.queue.getSnapshot().context.calls)) {
      if (call.report.kind !== 'permission' || !['queued', 'ringing'].includes(call.state)) continue;
      if (this.spokenAhead.has(eventId)) continue;
      this.spokenAhead.add(eventId);
      this.prepare(eventId, this.spokenAheadStop.signal).catch(() => undefined);
    }
  }

  /** Closes the screen of a permission call that ended elsewhere. */
  closePermissionEnded(): void {
    this.view.set((view) => ({ ...view, permissionEnded: null }));
  }

  /** This device answered, but another was first: the call stops here, and history says where it is. */
  private lostCall(eventId: string): void {
    const call = selectCall(this.queue.getSnapshot(), eventId);
    this.view.get().call?.player.stop();
    this.view.set((view) => ({ ...view, call: null, soundLocked: false }));
    const handledBy = call?.endedBy ?? null;
    const status = call?.endedStatus ?? 'answered';
    if (recordEndedElsewhere(this.deps.store, eventId, this.events.get(eventId), { status, handledBy }))
      this.bumpHistory();
  }

  /** History for the calls among `eventIds` that the queue just ended here as `state`. */
  private recordEndedHere(eventIds: string[], state: 'declined' | 'acknowledged', status: CallStatus): void {
    const snapshot = this.queue.getSnapshot();
    let changed = false;
    for (const eventId of eventIds) {
      if (selectCall(snapshot, eventId)?.state !== state) continue;
      if (recordEndedHere(this.deps.store, eventId, this.events.get(eventId), status)) changed = true;
    }
    if (changed) this.bumpHistory();
  }

  private callEnded(eventId: string, output: InCallOutput): void {
    // Ended elsewhere meanwhile: the player was stopped, and there is nothing to reply to.
    if (selectCall(this.queue.getSnapshot(), eventId)?.state !== 'inCall') return;
    this.queue.send({ type: 'call.hangUp', eventId });
    recordCallEnd(this.deps.store, eventId, output);
    // Hung up on a permission call without deciding: nothing to reply; the agent's own prompt takes over.
    if (this.events.get(eventId)?.permission) {
      this.view.set((view) => ({
        ...view,
        call: null,
        soundLocked: false,
        historyVersion: view.historyVersion + 1,
      }));
      return;
    }
    this.replies.open(eventId, defaultReplyText(output));
    this.view.set((view) => ({
      ...view,
      call: null,
      soundLocked: false,
      historyVersion: view.historyVersion + 1,
    }));
    this.showReply(eventId);
  }

  /** The reply panel on screen (or none), remembered for a reload. */
  private showReply(eventId: string | null): void {
    this.replies.markShown(eventId);
    this.view.set((view) => ({ ...view, reply: eventId ? { eventId } : null }));
  }

  private startPlayer(event: OpenedEvent, onEnded: (output: InCallOutput) => void): CallPlayerActor {
    return startCallPlayer(
      event,
      { speech: this.deps.speech, audio: this.deps.audio, settings: this.deps.settings },
      onEnded,
    );
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
      if (this.stopped) return;
      saveQueueSnapshot(this.deps.store, this.queue.getPersistedSnapshot(), this.deps.settings().deviceId);
    });
  }
}
