import type { DeviceCredentials } from '@ringback/protocol';
import type { RawDaemonLink } from './raw-daemon-link';
import { relayRequest } from './relay-requests';
import { waitFor } from './temp-data-dir';

/** A relayed settings request as the relay answered it; status 0 when no answer came in time. */
export interface RawSettingsAnswer {
  requestId: string;
  status: number;
  body: { requestId?: string; sealed?: string; error?: string };
}

let counter = 0;

/**
 * Answers every settings request on a raw daemon link at once, with a stand-in sealed result
 * (`e1.<who>.<requestId>`) that says which link answered.
 */
export function answerSettings(link: RawDaemonLink, who: string): void {
  link.onMessage((message) => {
    if (message.type === 'settings')
      link.send({
        type: 'settings-result',
        requestId: message.requestId,
        sealed: `e1.${who}.${message.requestId}`,
      });
  });
}

/** One `POST /v1/devices/<deviceId>/settings` with a stand-in sealed request and a new request id. */
export async function askSettings(
  relayUrl: string,
  phone: DeviceCredentials,
  deviceId: string,
  timeoutMs = 8_000,
): Promise<RawSettingsAnswer> {
  const requestId = `req-${process.pid}-${++counter}`;
  try {
    const answer = await relayRequest<RawSettingsAnswer['body']>(
      relayUrl,
      phone.deviceToken,
      'POST',
      `/v1/devices/${deviceId}/settings`,
      { requestId, sealed: `e1.request.${requestId}` },
      AbortSignal.timeout(timeoutMs),
    );
    return { requestId, ...answer };
  } catch {
    return { requestId, status: 0, body: {} };
  }
}

/** Asks again, each time as a new request, until an answer is `wanted`; returns that answer. */
export async function askSettingsUntil(
  ask: () => Promise<RawSettingsAnswer>,
  wanted: (answer: RawSettingsAnswer) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<RawSettingsAnswer> {
  let last: RawSettingsAnswer | undefined;
  await waitFor(
    async () => {
      last = await ask();
      return wanted(last);
    },
    timeoutMs,
    what,
  );
  return last as RawSettingsAnswer;
}
