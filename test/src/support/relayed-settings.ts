import {
  Aad,
  open,
  type SettingsRequestPlaintext,
  type SettingsResultPlaintext,
  seal,
} from '@ringback/protocol';

/** What a phone sends the relay for one settings request: the id and the sealed request. */
export interface SealedSettingsRequest {
  requestId: string;
  sealed: string;
}

export interface RelayedAnswer {
  status: number;
  error?: string;
  /** The daemon's sealed answer, opened; null when there was none. */
  result: SettingsResultPlaintext | null;
}

let counter = 0;

/** Seals a settings request as a phone does, for the computer `daemonDeviceId`, `issuedAt` now unless given. */
export async function sealSettingsRequest(
  key: string,
  daemonDeviceId: string,
  request: Omit<SettingsRequestPlaintext, 'issuedAt'> & { issuedAt?: number },
  requestId = `req-${process.pid}-${++counter}`,
): Promise<SealedSettingsRequest> {
  const plaintext: SettingsRequestPlaintext = { issuedAt: Date.now(), ...request };
  return {
    requestId,
    sealed: await seal(key, JSON.stringify(plaintext), Aad.settingsRequest(daemonDeviceId, requestId)),
  };
}

/** POSTs a sealed request to `/v1/devices/<deviceId>/settings` and opens the answer with `key`. */
export async function sendSettingsRequest(
  relayUrl: string,
  phoneToken: string,
  deviceId: string,
  request: SealedSettingsRequest,
  key: string,
): Promise<RelayedAnswer> {
  const response = await fetch(`${relayUrl}/v1/devices/${deviceId}/settings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${phoneToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { sealed?: string; error?: string };
  const result = body.sealed
    ? (JSON.parse(
        await open(key, body.sealed, Aad.settingsResult(request.requestId)),
      ) as SettingsResultPlaintext)
    : null;
  return { status: response.status, ...(body.error ? { error: body.error } : {}), result };
}
