import type { StatusWriteResult, WrittenCallStatus } from '@ringback/machines';
import {
  Aad,
  type Brief,
  generateE2eKey,
  type RelayedEvent,
  type ReplyBody,
  type ReplyState,
  seal,
  sealingKeyFromText,
} from '@ringback/protocol';
import type { LeaseRenewal } from '../../relay';
import type { AudioOutput, SpeechService } from '../../speech';
import { defaultSettings, type KeyValueStore, type LocalSettings, memoryStore } from '../../storage';
import type { WorkerDecline, WorkerDeclineLog } from '../../storage/worker-declines';
import type { PageReturns } from './page-returns';
import { RingbackSession } from './ringback-session';
import type { SessionRelay, SessionStreamHandlers } from './session-relay';

export const BRIEF: Brief = {
  status: 'ready',
  language: 'en-US',
  spoken: 'The tests pass. The build is green.',
  cards: [],
  conclusion: 'Nothing else.',
  pendingQuestions: [],
  criticalFacts: [],
  llmCalls: 1,
  model: 'm-1',
};

/** A call as the relay's stream brings it: sealed for `key`, the event id as the AAD. */
export async function sealedCall(
  key: string,
  eventId: string,
  options: { occurredAt?: number; plaintext?: object } = {},
): Promise<RelayedEvent> {
  const occurredAt = new Date(options.occurredAt ?? Date.now()).toISOString();
  const plaintext = options.plaintext ?? {
    eventId,
    occurredAt,
    report: { source: 'claude-code', cwd: '/work/app', sessionId: `sess-${eventId}`, text: 'Done.' },
    brief: BRIEF,
  };
  return {
    eventId,
    source: 'claude-code',
    occurredAt,
    taskId: null,
    sealed: await seal(key, JSON.stringify(plaintext), Aad.report(eventId)),
    status: 'pending',
    handledBy: null,
    receivedAt: occurredAt,
  };
}

/**
 * A relay the test plays: it pushes stream frames through the handlers the session gave, answers
 * status writes and reply posts as told, and records every request.
 */
export function fakeSessionRelay() {
  let handlers: SessionStreamHandlers | null = null;
  const statuses: { eventId: string; status: WrittenCallStatus }[] = [];
  const replies: { eventId: string; body: ReplyBody }[] = [];
  const leases: string[] = [];
  const lookups: string[] = [];
  let leaseAnswer: (eventId: string) => Promise<LeaseRenewal> = async () => ({ held: true });
  // Unless a test plays it, the relay has each call as its stream last told the session.
  const told = new Map<string, RelayedEvent>();
  let eventAnswer: (eventId: string) => Promise<RelayedEvent> = async (eventId) => {
    const event = told.get(eventId);
    if (!event) throw new Error(`the relay was never told of ${eventId}`);
    return event;
  };
  let statusAnswer: (eventId: string, status: WrittenCallStatus) => Promise<StatusWriteResult> =
    async () => ({
      outcome: 'written',
    });
  let replyAnswer: (eventId: string, body: ReplyBody) => Promise<ReplyState> = async (eventId, body) => ({
    eventId,
    replyId: body.replyId,
    status: 'queued',
    failure: null,
    error: null,
  });
  // The relay's clock less this device's, as the relay's answers tell it; null: not known yet.
  let clockOffset: number | null = null;
  const relay: SessionRelay = {
    clockOffset: () => clockOffset,
    openStream(given) {
      handlers = given;
      return {
        close() {
          handlers = null;
        },
      };
    },
    postStatus(eventId, status) {
      statuses.push({ eventId, status });
      return statusAnswer(eventId, status);
    },
    sendReply(eventId, body) {
      replies.push({ eventId, body });
      return replyAnswer(eventId, body);
    },
    renewLease(eventId) {
      leases.push(eventId);
      return leaseAnswer(eventId);
    },
    getEvent(eventId) {
      lookups.push(eventId);
      return eventAnswer(eventId);
    },
  };
  const stream = (): SessionStreamHandlers => {
    const open = handlers;
    if (!open) throw new Error('the session has no stream open');
    return {
      ...open,
      onEvent(event) {
        told.set(event.eventId, event);
        open.onEvent(event);
      },
      onStatus(change) {
        const event = told.get(change.eventId);
        if (event) {
          const { unfinishedBy: _before, ...rest } = event;
          told.set(change.eventId, { ...rest, ...change });
        }
        open.onStatus(change);
      },
      onReconciled(pending) {
        for (const event of pending) told.set(event.eventId, event);
        open.onReconciled(pending);
      },
    };
  };
  return {
    relay,
    /** What the relay's answers say of its clock: its time less this device's. */
    setClockOffset(offset: number | null) {
      clockOffset = offset;
    },
    statuses,
    replies,
    leases,
    /** Every `GET /v1/events/:id` asked, by event id. */
    lookups,
    stream,
    answerStatuses(answer: typeof statusAnswer) {
      statusAnswer = answer;
    },
    answerReplies(answer: typeof replyAnswer) {
      replyAnswer = answer;
    },
    answerLeases(answer: typeof leaseAnswer) {
      leaseAnswer = answer;
    },
    answerEvents(answer: typeof eventAnswer) {
      eventAnswer = answer;
    },
  };
}

const silentAudio: AudioOutput = {
  play: async () => {},
  unlock: async () => {},
  level: () => 0,
};

/**
 * Audio as a browser that wants a tap before sound has it: unlocking stays pending (as Chrome's
 * AudioContext.resume does) until `tap()`; every unlock is counted.
 */
export function tapLockedAudio() {
  let unlocked = false;
  const waiting: (() => void)[] = [];
  const audio: AudioOutput & { unlocks: number; tap(): void } = {
    unlocks: 0,
    play: async () => {},
    level: () => 0,
    unlock() {
      audio.unlocks++;
      if (unlocked) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    tap() {
      unlocked = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
  return audio;
}

/** Every sentence "synthesised" at once; the session under test cares that it was asked. */
export function fakeSpeech(): SpeechService & { spoken: string[] } {
  const spoken: string[] = [];
  return {
    spoken,
    synthesize: async (text) => {
      spoken.push(text);
      return new Blob([text]);
    },
    isCached: () => false,
  };
}

/** A paired device's session on `store`, as a page (load or reload) starts it. */
export function startSession(options: {
  store?: KeyValueStore;
  key?: string;
  relay?: ReturnType<typeof fakeSessionRelay>;
  now?: () => number;
  /** The page's audio; by default one that is always unlocked and plays nothing. */
  audio?: AudioOutput;
  /** This device's id on the account; `dev-me` unless the test pairs another one. */
  deviceId?: string;
  /** How often leases are renewed (the real 30 s is too long to wait for). */
  leaseRenewMs?: number;
  /** When the page is back from being frozen (`listenForPageReturns`), played by the test. */
  pageReturns?: PageReturns;
  /** The service worker's declines waiting in IndexedDB (`memoryWorkerDeclines`). */
  workerDeclines?: WorkerDeclineLog;
  /** The key text held at each moment (null: none); `key` throughout unless given. */
  e2eKey?: () => string | null;
}) {
  const store = options.store ?? memoryStore();
  const relay = options.relay ?? fakeSessionRelay();
  const key = options.key ?? generateE2eKey();
  const settings: LocalSettings = {
    ...defaultSettings(),
    serverAddress: 'http://relay.test',
    deviceToken: 'dev_token',
    accountId: 'acc-1',
    deviceId: options.deviceId ?? 'dev-me',
  };
  const ringtone = {
    ringing: false,
    /** Which tone the last ring asked for. */
    kind: null as 'report' | 'permission' | null,
    start(kind: 'report' | 'permission' = 'report') {
      ringtone.ringing = true;
      ringtone.kind = kind;
    },
    stop() {
      ringtone.ringing = false;
    },
  };
  const speech = fakeSpeech();
  const session = new RingbackSession({
    store,
    settings: () => settings,
    e2eKey: async () => {
      const held = options.e2eKey ? options.e2eKey() : key;
      return held ? sealingKeyFromText(held) : null;
    },
    relay: relay.relay,
    speech,
    audio: options.audio ?? silentAudio,
    ringtone,
    onSignedOut: () => {},
    ...(options.now ? { now: options.now } : {}),
    ...(options.leaseRenewMs ? { leaseRenewMs: options.leaseRenewMs } : {}),
    ...(options.pageReturns ? { pageReturns: options.pageReturns } : {}),
    ...(options.workerDeclines ? { workerDeclines: options.workerDeclines } : {}),
  });
  session.start();
  return { session, store, relay, key, ringtone, speech };
}

/** The worker's declines as IndexedDB keeps them (one per call), in memory; `rows` is what it holds. */
export function memoryWorkerDeclines(initial: WorkerDecline[] = []) {
  const rows = new Map(initial.map((decline) => [decline.eventId, decline]));
  const log: WorkerDeclineLog & { rows: Map<string, WorkerDecline> } = {
    rows,
    async put(decline) {
      rows.set(decline.eventId, decline);
    },
    async all() {
      return [...rows.values()];
    },
    async remove(eventId) {
      rows.delete(eventId);
    },
  };
  return log;
}

/**
 * Lets the work in flight settle: decryption (WebCrypto runs off the main thread), promise actors,
 * the stream's ordered frame handling.
 */
export async function settle(): Promise<void> {
  for (let round = 0; round < 20; round++) await new Promise((resolve) => setTimeout(resolve, 5));
}
