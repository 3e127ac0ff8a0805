import {
  Aad,
  AgentEventPlaintext,
  type Brief,
  createParser,
  PermissionEventPlaintext,
  type RelayedEvent,
  type SealingKey,
} from '@ringback/protocol';
import { briefWithFormOfAddress } from '../../format';
import { permissionLines } from './permission-lines';

const parsePlaintext = createParser(AgentEventPlaintext);
const parsePermission = createParser(PermissionEventPlaintext);

/** A call's report and brief as opened on this device. */
export interface OpenedEvent {
  eventId: string;
  occurredAt: number;
  receivedAt: number;
  /** As sealed (kept for history, which replaces the placeholder again when read). */
  plaintext: AgentEventPlaintext;
  /** The brief with `{form-of-address}` replaced: what the call says and shows. */
  brief: Brief;
  /**
   * A permission call: the agent waits on this request. `plaintext` and `brief` are then made
   * from it (the request's subject as the report's text, its spoken lines as the brief), so the
   * queue, the speech and history handle it as any call.
   */
  permission?: PermissionEventPlaintext;
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
    const body = JSON.parse(text) as unknown;
    if (isPermission(body)) return permissionOpened(event, parsePermission.parse(body), keyFailure);
    const plaintext = parsePlaintext.parse(body);
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

/** A report plaintext has no `kind`; a permission request says so. */
function isPermission(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'permission';
}

function permissionOpened(
  event: RelayedEvent,
  permission: PermissionEventPlaintext,
  keyFailure: OpenResult,
): OpenResult {
  if (permission.eventId !== event.eventId) return keyFailure;
  const plaintext = permissionAsReport(permission);
  return {
    ok: true,
    event: {
      eventId: event.eventId,
      occurredAt: Date.parse(event.occurredAt),
      receivedAt: Date.parse(event.receivedAt),
      plaintext,
      brief: plaintext.brief,
      permission,
    },
  };
}

/** The request as the call plays and history keeps it: its subject, and its spoken lines as the brief. */
export function permissionAsReport(permission: PermissionEventPlaintext): AgentEventPlaintext {
  const { request } = permission;
  const { language, lines } = permissionLines(permission);
  return {
    eventId: permission.eventId,
    occurredAt: permission.occurredAt,
    report: { source: request.source, sessionId: request.sessionId, cwd: request.cwd, text: request.subject },
    brief: {
      status: 'ready',
      language,
      spoken: lines.join(' '),
      cards: [],
      conclusion: '',
      pendingQuestions: [],
      criticalFacts: [],
      // No model wrote it.
      llmCalls: 0,
      model: 'ringback',
    },
  };
}
