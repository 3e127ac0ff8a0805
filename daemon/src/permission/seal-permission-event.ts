import { Aad, type DaemonEventBody, type PermissionEventPlaintext, seal } from '@ringback/protocol';

/**
 * Seals a permission request as a call. It goes to `POST /v1/daemon/events` under the report's
 * AAD, exactly as a report does: the relay sees an event id, the agent and a time, and cannot
 * tell a permission call from a report. Only the apps, once they open it, see `kind`.
 */
export async function sealPermissionEvent(
  plaintext: PermissionEventPlaintext,
  key: string,
): Promise<DaemonEventBody> {
  const sealed = await seal(key, JSON.stringify(plaintext), Aad.report(plaintext.eventId));
  return {
    eventId: plaintext.eventId,
    source: plaintext.request.source,
    occurredAt: plaintext.occurredAt,
    sealed,
  };
}
