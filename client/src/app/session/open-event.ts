import {
  Aad,
  AgentEventPlaintext,
  type Brief,
  createParser,
  open,
  type RelayedEvent,
} from '@ringback/protocol';
import { briefWithFormOfAddress } from '../../format';

const parsePlaintext = createParser(AgentEventPlaintext);

/** A call's report and brief as opened on this device. */
export interface OpenedEvent {
  eventId: string;
  occurredAt: number;
  receivedAt: number;
  /** As sealed (kept for history, which replaces the placeholder again when read). */
  plaintext: AgentEventPlaintext;
  /** The brief with `{form-of-address}` replaced: what the call says and shows. */
  brief: Brief;
}

export type OpenResult = { ok: true; event: OpenedEvent } | { ok: false; eventId: string };

/**
 * Opens one relayed call with the end-to-end key. The event id is the AAD, so a relay cannot pass
 * one call's ciphertext off as another's; anything that does not open (another key, tampering,
 * a malformed body) is reported as undecryptable and never rings.
 */
export async function openRelayedEvent(
  event: RelayedEvent,
  key: string,
  formOfAddress: string,
): Promise<OpenResult> {
  if (!event.sealed) return { ok: false, eventId: event.eventId };
  try {
    const plaintext = parsePlaintext.parse(
      JSON.parse(await open(key, event.sealed, Aad.report(event.eventId))),
    );
    if (plaintext.eventId !== event.eventId) return { ok: false, eventId: event.eventId };
    return {
      ok: true,
      event: {
        eventId: event.eventId,
        occurredAt: Date.parse(event.occurredAt),
        receivedAt: Date.parse(event.receivedAt),
        plaintext,
        brief: briefWithFormOfAddress(plaintext.brief, formOfAddress),
      },
    };
  } catch {
    return { ok: false, eventId: event.eventId };
  }
}
