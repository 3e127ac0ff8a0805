import {
  Aad,
  AgentEventPlaintext,
  type Brief,
  createParser,
  type RelayedEvent,
  type SealingKey,
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

/** Why a call did not open: another key (or tampering), or a body this version cannot read. */
export type OpenFailure =
  | { eventId: string; reason: 'key' }
  | { eventId: string; reason: 'schema'; detail: string };

export type OpenResult = { ok: true; event: OpenedEvent } | ({ ok: false } & OpenFailure);

/**
 * Opens one relayed call with the end-to-end key. The event id is the AAD, so a relay cannot pass
 * one call's ciphertext off as another's; what does not open (another key, tampering) and what
 * opens but does not read as a call (another version's shape) never rings, and each says why.
 */
export async function openRelayedEvent(
  event: RelayedEvent,
  key: SealingKey,
  formOfAddress: string,
): Promise<OpenResult> {
  const keyFailure = { ok: false as const, eventId: event.eventId, reason: 'key' as const };
  if (!event.sealed) return keyFailure;
  let text: string;
  try {
    text = await key.open(event.sealed, Aad.report(event.eventId));
  } catch {
    return keyFailure;
  }
  try {
    const plaintext = parsePlaintext.parse(JSON.parse(text));
    if (plaintext.eventId !== event.eventId) return keyFailure;
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
  } catch (error) {
    return { ok: false, eventId: event.eventId, reason: 'schema', detail: (error as Error).message };
  }
}
