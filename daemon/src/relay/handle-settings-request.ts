import {
  Aad,
  createParser,
  type DaemonToRelay,
  OpenError,
  open,
  RingbackError,
  SettingsRequestPlaintext,
  type SettingsResultPlaintext,
  seal,
} from '@ringback/protocol';

type SettingsResult = Extract<DaemonToRelay, { type: 'settings-result' }>;

const parseRequest = createParser(SettingsRequestPlaintext);

export interface SettingsRequestDeps {
  key(): string | null;
  /** This computer's device id (OwnDevice): a request opens only if it was sealed for this computer. */
  deviceId(): Promise<string | null>;
  /**
   * Runs the request through the local API's own routes, as a relayed request: only routes
   * declared relayable run (`app.runRelayed`), whatever the path's spelling.
   */
  execute(
    method: SettingsRequestPlaintext['method'],
    path: string,
    body: unknown,
  ): Promise<SettingsResultPlaintext>;
  /** Throws a RingbackError for a request that must not run (a replay); see RelayedRequestGuard. */
  replays: { admit(requestId: string, issuedAt: number): Promise<void> };
}

/**
 * A settings request that came through the relay: opened with this computer's key, checked
 * against replays, run by the same routes as the local API, answered sealed. One it cannot
 * open is answered in plain words, since the phone could not open anything sealed with this
 * key either.
 */
export async function handleSettingsRequest(
  message: { requestId: string; sealed: string },
  deps: SettingsRequestDeps,
): Promise<SettingsResult> {
  const undecryptable: SettingsResult = {
    type: 'settings-result',
    requestId: message.requestId,
    error: 'undecryptable_request',
  };
  const key = deps.key();
  const deviceId = await deps.deviceId();
  if (!key || !deviceId) return undecryptable;
  let request: SettingsRequestPlaintext;
  try {
    request = parseRequest.parse(
      JSON.parse(await open(key, message.sealed, Aad.settingsRequest(deviceId, message.requestId))),
    );
  } catch (error) {
    if (error instanceof OpenError) return undecryptable;
    return answer(key, message.requestId, {
      status: 400,
      body: { error: 'invalid_request', message: (error as Error).message },
    });
  }
  try {
    await deps.replays.admit(message.requestId, request.issuedAt);
  } catch (error) {
    const refusal = error instanceof RingbackError ? error : new RingbackError('internal_error');
    return answer(key, message.requestId, { status: refusal.status, body: refusal.toBody() });
  }
  const result = await deps.execute(request.method, request.path, request.body);
  return answer(key, message.requestId, result);
}

async function answer(
  key: string,
  requestId: string,
  result: SettingsResultPlaintext,
): Promise<SettingsResult> {
  const sealed = await seal(key, JSON.stringify(result), Aad.settingsResult(requestId));
  return { type: 'settings-result', requestId, sealed };
}
