import {
  Aad,
  createParser,
  type DaemonToRelay,
  OpenError,
  open,
  SettingsRequestPlaintext,
  type SettingsResultPlaintext,
  seal,
} from '@ringback/protocol';

type SettingsResult = Extract<DaemonToRelay, { type: 'settings-result' }>;

const parseRequest = createParser(SettingsRequestPlaintext);
/** Local-only: the key itself, pairing and login, and the hook's intake. */
const NOT_RELAYED = /^\/(e2e|local)(\/|$)|^\/report(\/|\?|$)/;

export interface SettingsRequestDeps {
  key(): string | null;
  /** Runs the request through the local API's own handlers. */
  execute(method: string, path: string, body: unknown): Promise<SettingsResultPlaintext>;
}

/**
 * A settings request that came through the relay: opened with this computer's key, run by the
 * same handlers as the local API, answered sealed. One it cannot open is answered in plain
 * words, since the phone could not open anything sealed with this key either.
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
  if (!key) return undecryptable;
  let request: SettingsRequestPlaintext;
  try {
    request = parseRequest.parse(
      JSON.parse(await open(key, message.sealed, Aad.settingsRequest(message.requestId))),
    );
  } catch (error) {
    if (error instanceof OpenError) return undecryptable;
    return answer(key, message.requestId, {
      status: 400,
      body: { error: 'invalid_request', message: (error as Error).message },
    });
  }
  const result: SettingsResultPlaintext = NOT_RELAYED.test(request.path)
    ? {
        status: 403,
        body: { error: 'not_relayed', message: `${request.path} is callable only on this computer` },
      }
    : await deps.execute(request.method, request.path, request.body);
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
