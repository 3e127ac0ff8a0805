import { type SessionRecord, serializeJournalRecord } from './outbox-state';

/** The outbox as a commit sees it when it takes the changes to write. */
export interface OutboxView {
  /** The entry's serialised `{eventId, snapshot}`, or undefined once it is finished. */
  entry(eventId: string): string | undefined;
  /** Whether a version of the entry's payload is durable, so that it may be named. */
  isDurable(eventId: string): boolean;
  session(sessionId: string): SessionRecord | undefined;
  /** The delivery gate, serialised. */
  delivery(): string | null;
  /** Payloads found at open and not yet named: marked named as a record names them. */
  orphansPending: Set<string>;
  /** The segment a record may claim (after the orphans it names are marked named). */
  claimedSegment(): number;
}

/** What one commit took from the pending changes: given back if its write fails. */
export interface TakenChanges {
  /** One journal record, or null when nothing could be written. */
  json: string | null;
  restore(): void;
}

/** What changed since the last commit: written as one journal record, or folded into a checkpoint. */
export class PendingChanges {
  readonly #entries = new Set<string>();
  readonly #sessions = new Set<string>();
  #delivery = false;

  entry(eventId: string): void {
    this.#entries.add(eventId);
  }

  session(sessionId: string): void {
    this.#sessions.add(sessionId);
  }

  delivery(): void {
    this.#delivery = true;
  }

  /** Takes every change that can be written now. A new entry waits until its payload is durable. */
  take(view: OutboxView): TakenChanges {
    const entries: string[] = [];
    const removed: string[] = [];
    const taken: string[] = [];
    for (const eventId of this.#entries) {
      const json = view.entry(eventId);
      if (json === undefined) removed.push(eventId);
      else if (view.isDurable(eventId)) entries.push(json);
      else continue;
      taken.push(eventId);
    }
    for (const eventId of taken) this.#entries.delete(eventId);
    const sessionIds = [...this.#sessions];
    this.#sessions.clear();
    const delivery = this.#delivery ? view.delivery() : null;
    this.#delivery = false;
    const orphansNamed = taken.filter((eventId) => view.orphansPending.delete(eventId));

    const sessions = sessionIds.flatMap((id): [string, SessionRecord][] => {
      const session = view.session(id);
      return session ? [[id, session]] : [];
    });
    const empty = entries.length + removed.length + sessions.length === 0 && delivery === null;
    return {
      json: empty
        ? null
        : serializeJournalRecord({ segment: view.claimedSegment(), entries, removed, sessions, delivery }),
      restore: () => {
        for (const eventId of taken) this.#entries.add(eventId);
        for (const id of sessionIds) this.#sessions.add(id);
        if (delivery !== null) this.#delivery = true;
        for (const eventId of orphansNamed)
          if (view.entry(eventId) !== undefined) view.orphansPending.add(eventId);
      },
    };
  }
}
