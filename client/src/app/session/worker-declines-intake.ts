import type { CallQueueActor } from '@ringback/machines';
import type { SealingKey } from '@ringback/protocol';
import type { KeyValueStore } from '../../storage';
import type { WorkerDecline, WorkerDeclineLog } from '../../storage/worker-declines';
import { recordDeclinedWithoutWords, recordEndedHere } from './call-history-writes';
import { type OpenedEvent, openRelayedEvent } from './open-event';

export interface WorkerDeclinesDeps {
  log: WorkerDeclineLog;
  /** The decline the worker's message carried, taken whether or not IndexedDB kept it. */
  told?: WorkerDecline;
  queue: CallQueueActor;
  /** The calls this page has opened (a call it rings or lists now). */
  opened(eventId: string): OpenedEvent | undefined;
  store: KeyValueStore;
  e2eKey(): Promise<SealingKey | null>;
  formOfAddress(): string;
  /** The session stopped (signed out, another tab took it): nothing more is written. */
  stopped(): boolean;
}

/**
 * Takes the calls the service worker declined from their notification into this device's call
 * history, as the page's own Decline records them ("Declined", the whole call, ordered by when it
 * happened), then deletes them from the worker's database. A call the queue still holds here (it
 * rang in a page behind the notification) stops: the relay already has the decline, so nothing is
 * written to it again. History is keyed by call, so taking one twice (a reload before it was
 * deleted, or after the relay's status frame) still leaves one record. A sealed decline waits
 * while this device holds no key; one that cannot be opened or was stored without its words, for
 * a call this page never had, leaves a "Declined" row of what the worker knew (the notification's
 * line, the time): the relay no longer has those words either. Returns whether history changed.
 */
export async function takeWorkerDeclines(deps: WorkerDeclinesDeps): Promise<boolean> {
  let changed = false;
  const declines = await deps.log.all();
  const { told } = deps;
  if (told && !declines.some((decline) => decline.eventId === told.eventId)) declines.push(told);
  for (const decline of declines) {
    if (deps.stopped()) break;
    // Ended outside this page's queue (by the worker): no status write, and the ringing stops.
    deps.queue.send({ type: 'call.endedElsewhere', eventId: decline.eventId, status: 'rejected' });
    const event = deps.opened(decline.eventId) ?? (await openDeclined(decline, deps));
    if (event === 'no-key') continue;
    if (deps.stopped()) break;
    const recorded = event
      ? recordEndedHere(deps.store, decline.eventId, event, 'rejected')
      : recordDeclinedWithoutWords(deps.store, decline);
    if (recorded) changed = true;
    await deps.log.remove(decline.eventId);
  }
  return changed;
}

async function openDeclined(
  decline: WorkerDecline,
  deps: WorkerDeclinesDeps,
): Promise<OpenedEvent | undefined | 'no-key'> {
  if (!decline.sealed) return undefined;
  const key = await deps.e2eKey();
  if (!key) return 'no-key';
  const opened = await openRelayedEvent(decline.sealed, key, deps.formOfAddress());
  return opened.ok ? opened.event : undefined;
}
