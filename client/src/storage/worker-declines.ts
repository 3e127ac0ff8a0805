import { createParser, RelayedEvent } from '@ringback/protocol';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The calls the service worker declined from their notification, waiting for the page to put them
 * in call history (the worker has no localStorage, where history lives). A database of its own,
 * not a store in `ringback-keys`: adding a store there would change that database's version, and
 * a page of an older build still open would then fail to read its key. Its layout is a contract
 * between the worker and the page of any build, so change it only with a new version.
 */
export const WORKER_DECLINES_DB_NAME = 'ringback-worker-declines';
const WORKER_DECLINES_DB_VERSION = 1;
/** Object store `declines`, one record per call by `eventId` (a second tap replaces the first). */
const DECLINES_STORE = 'declines';

/** One call declined by the worker. */
export interface WorkerDecline {
  eventId: string;
  /** When the relay took the decline (epoch ms, this device's clock). */
  declinedAt: number;
  /** The notification's "caller · project", when the worker knew it. */
  line?: string;
  /**
   * The call as the relay still had it just before the decline, sealed (the relay erases its words
   * when a call ends): the page opens it with its key and keeps the whole call, as its own Decline
   * does. Absent when the worker could not fetch it.
   */
  sealed?: RelayedEvent;
}

/** The worker's declines in IndexedDB; null where there is no IndexedDB. */
export interface WorkerDeclineLog {
  put(decline: WorkerDecline): Promise<void>;
  /** Every decline waiting, readable ones only (a damaged record is skipped, never thrown). */
  all(): Promise<WorkerDecline[]>;
  remove(eventId: string): Promise<void>;
}

interface DeclinesDb extends DBSchema {
  declines: { key: string; value: WorkerDecline };
}

const parseRelayedEvent = createParser(RelayedEvent);

/** A stored decline read back leniently: what does not read as one is null. */
export function parseWorkerDecline(value: unknown): WorkerDecline | null {
  if (typeof value !== 'object' || value === null) return null;
  const { eventId, declinedAt, line, sealed } = value as Record<string, unknown>;
  if (typeof eventId !== 'string' || eventId === '') return null;
  if (typeof declinedAt !== 'number' || !Number.isFinite(declinedAt)) return null;
  const decline: WorkerDecline = { eventId, declinedAt };
  if (typeof line === 'string') decline.line = line;
  if (sealed !== undefined && parseRelayedEvent.check(sealed) && sealed.eventId === eventId)
    decline.sealed = sealed;
  return decline;
}

/** IndexedDB `ringback-worker-declines`, in the worker and in the page alike; null without IndexedDB. */
export function browserWorkerDeclines(name = WORKER_DECLINES_DB_NAME): WorkerDeclineLog | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBPDatabase<DeclinesDb>> | null = null;
  const open = () => {
    db ??= openDB<DeclinesDb>(name, WORKER_DECLINES_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore(DECLINES_STORE, { keyPath: 'eventId' });
      },
    });
    // A failed open is tried again next time (private modes, a full disk freed).
    db.catch(() => {
      db = null;
    });
    return db;
  };
  return {
    async put(decline) {
      await (await open()).put(DECLINES_STORE, decline);
    },
    async all() {
      const rows: unknown[] = await (await open()).getAll(DECLINES_STORE);
      return rows.flatMap((row) => parseWorkerDecline(row) ?? []);
    },
    async remove(eventId) {
      await (await open()).delete(DECLINES_STORE, eventId);
    },
  };
}
