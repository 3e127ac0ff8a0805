import type { DeviceCredentials, DeviceKind } from '@ringback/protocol';

export interface RelayAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One JSON call to the relay API as a device; the body parsed when there is one. */
export async function relayRequest<T = Record<string, unknown>>(
  relayUrl: string,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: object,
  signal?: AbortSignal,
): Promise<RelayAnswer<T>> {
  const response = await fetch(`${relayUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A daemon's `POST /v1/daemon/events` with a stand-in ciphertext (the relay never opens it). */
export async function postDaemonEvent(
  relayUrl: string,
  daemonToken: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<number> {
  const answer = await relayRequest(
    relayUrl,
    daemonToken,
    'POST',
    '/v1/daemon/events',
    { eventId, source: 'claude-code', occurredAt: new Date().toISOString(), sealed: `e1.sealed.${eventId}` },
    signal,
  );
  return answer.status;
}

/** Pairs a new device: the code asked for on one relay URL and redeemed on another. */
export async function pairAcross(
  codeUrl: string,
  redeemUrl: string,
  by: DeviceCredentials,
  kind: DeviceKind,
  name: string,
): Promise<DeviceCredentials> {
  const code = await relayRequest<{ code: string }>(codeUrl, by.deviceToken, 'POST', '/v1/pairing-codes', {});
  if (code.status !== 201)
    throw new Error(`pairing code answered ${code.status}: ${JSON.stringify(code.body)}`);
  const joined = await relayRequest<DeviceCredentials>(redeemUrl, null, 'POST', '/v1/pairing-codes/redeem', {
    code: code.body.code,
    kind,
    name,
  });
  if (joined.status !== 201)
    throw new Error(`redeem answered ${joined.status}: ${JSON.stringify(joined.body)}`);
  return joined.body;
}

/** The app's answer (`POST /v1/events/:eventId/status`): only the device that answered may reply. */
export async function answerCall(relayUrl: string, token: string, eventId: string): Promise<void> {
  const answer = await relayRequest(relayUrl, token, 'POST', `/v1/events/${eventId}/status`, {
    status: 'answered',
  });
  if (answer.status !== 200) throw new Error(`answering ${eventId} failed: ${JSON.stringify(answer.body)}`);
}
