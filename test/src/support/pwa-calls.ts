import { Aad, newEventId, seal } from '@ringback/protocol';

/** What a sealed test call says: none of it may ever reach a push service. */
export const CALL_WORDS = { project: 'billing-api', spoken: 'I fixed the login bug' } as const;

/** A finished Claude Code turn, sealed with `key` and stored as the daemon would: its event id. */
export async function storeSealedCall(relayUrl: string, daemonToken: string, key: string): Promise<string> {
  const eventId = newEventId();
  const occurredAt = new Date().toISOString();
  const plaintext = {
    eventId,
    occurredAt,
    report: {
      source: 'claude-code',
      sessionId: 'sess-pwa',
      cwd: `/home/ada/${CALL_WORDS.project}`,
      text: 'Done.',
    },
    brief: {
      status: 'ready',
      language: 'en-US',
      spoken: `${CALL_WORDS.spoken}, {form-of-address}. All forty tests pass.`,
      cards: [],
      conclusion: 'Nothing else.',
      pendingQuestions: [],
      criticalFacts: [],
      llmCalls: 1,
      model: 'fake-1',
    },
  };
  const response = await fetch(`${relayUrl}/v1/daemon/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${daemonToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      eventId,
      source: 'claude-code',
      occurredAt,
      sealed: await seal(key, JSON.stringify(plaintext), Aad.report(eventId)),
    }),
  });
  if (!response.ok) throw new Error(`the relay refused the call: ${response.status}`);
  return eventId;
}

/** A pairing link for a new app device of the daemon's account, opened as `ringback up` prints it. */
export async function pairingPageUrl(relayUrl: string, daemonToken: string, key: string): Promise<string> {
  const response = await fetch(`${relayUrl}/v1/pairing-codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${daemonToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const { code } = (await response.json()) as { code: string };
  const link = `ringback://pair?${new URLSearchParams({ server: relayUrl, code, key })}`;
  return `${relayUrl}/#pair=${encodeURIComponent(link)}`;
}

/** A call's status on the relay, as a device of the account reads it. */
export async function callStatusOf(relayUrl: string, token: string, eventId: string): Promise<string> {
  const response = await fetch(`${relayUrl}/v1/events/${eventId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { status: string }).status;
}
