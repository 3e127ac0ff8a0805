import { Type } from 'typebox';

/**
 * Every error code Ringback puts on the wire, with its HTTP status and meaning.
 * The daemon spec's Errors table is the core; the rest are the codes our own
 * edges (intake checks, auth, validation) answer with.
 */
export const ERROR_CATALOGUE = {
  // From the daemon spec's Errors table.
  not_relayed: {
    status: 403,
    meaning: 'a local-only route (/e2e/*, /local/*, /report) called through the server relay',
  },
  undecryptable_request: { status: 400, meaning: "the phone's key differs from this computer's" },
  invalid_tracker_token: { status: 422, meaning: 'the tracker token is invalid' },
  tracker_not_configured: { status: 422, meaning: 'no saved tracker token when one is needed' },
  workspace_not_found: { status: 422, meaning: 'a workspace id is not found' },
  invalid_dispatch: { status: 400, meaning: 'the dispatch or upload is not acceptable' },
  agent_unavailable: { status: 422, meaning: 'the selected agent cannot run' },
  project_not_found: { status: 422, meaning: 'the dispatch project does not exist' },
  agent_not_found: { status: 422, meaning: 'the dispatch agent does not exist' },
  issue_not_found: { status: 422, meaning: 'a comment dispatch targets a missing issue' },
  dispatch_not_found: { status: 422, meaning: 'lookup or cancel of an unknown dispatch id' },
  invalid_llm_settings: { status: 422, meaning: 'malformed LLM settings' },
  llm_key_required: { status: 422, meaning: 'no LLM key was sent and none is saved' },
  invalid_language: { status: 422, meaning: 'the language is not one of the brief locales' },
  passphrase_too_short: { status: 422, meaning: 'passphrase under 12 characters' },
  invalid_key: { status: 422, meaning: 'the supplied k1_ key is invalid' },
  duplicate_task: { status: 409, meaning: 'another computer already reported the tracker task' },

  // The relay's own.
  claim_code_required: {
    status: 403,
    meaning: 'this private relay has no owner yet: its claim code is needed',
  },
  invalid_claim_code: { status: 403, meaning: 'the claim code is wrong' },
  signup_closed: { status: 403, meaning: 'this private relay has its owner: join it by pairing' },
  invalid_pairing_code: { status: 422, meaning: 'the pairing code is unknown, used or expired' },
  too_many_attempts: { status: 429, meaning: 'too many attempts: wait and try again' },
  pairing_paused: {
    status: 429,
    meaning: 'too many wrong codes on this relay: joining by code is paused for everyone until Retry-After',
  },
  device_not_found: { status: 404, meaning: 'no such device in this account' },
  too_many_devices: {
    status: 409,
    meaning:
      'this account already has as many app devices as the relay allows (50 by default): remove one in Settings, then pair again with a new code',
  },
  event_not_found: { status: 404, meaning: 'no such event in this account' },
  call_taken: { status: 409, meaning: 'another device already has this call, or it has ended' },
  call_ended: {
    status: 409,
    meaning: 'the call cannot end at the computer: a decision was already sent, or it ended otherwise',
  },
  not_call_answerer: {
    status: 403,
    meaning: 'only the device that answered this call may reply to it',
  },
  daemon_only: { status: 403, meaning: 'only a daemon device may call this endpoint' },
  app_only: { status: 403, meaning: 'only an app device may call this endpoint' },
  device_offline: { status: 503, meaning: 'the daemon is not connected to the relay' },
  daemon_timeout: { status: 504, meaning: 'the daemon did not answer in time' },
  relay_unavailable: {
    status: 503,
    meaning: 'this relay instance cannot reach its database right now: try another instance or again shortly',
  },
  push_unavailable: {
    status: 503,
    meaning: 'this relay does not send Web Push (no https public URL or mailto: subject is set)',
  },
  push_endpoint_refused: {
    status: 422,
    meaning: 'the push subscription endpoint is not an https URL this relay may send to',
  },
  push_endpoint_taken: {
    status: 409,
    meaning:
      'the push subscription endpoint belongs to a device of another account: unsubscribe and subscribe afresh',
  },
  not_logged_in: { status: 409, meaning: 'this computer is not logged in to a relay yet (ringback login)' },
  // 409 like a repeated relay write: the request itself may be fine, but it already ran (or may have).
  replayed_request: {
    status: 409,
    meaning: 'a relayed request that already ran, or sealed more than 5 minutes from the computer’s clock',
  },

  // Requests to the computer (`POST /v1/devices/:deviceId/requests`).
  too_many_computer_requests: {
    status: 429,
    meaning: 'this account already has as many requests to its computer in flight as the relay allows',
  },
  computer_busy: { status: 503, meaning: 'the computer is running as many requests as it allows' },
  relay_busy: {
    status: 503,
    meaning: 'this relay instance is passing as many requests to computers as it allows: try again shortly',
  },
  answer_too_large: {
    status: 502,
    meaning: "the computer's answer went over the relay's frame or byte limit",
  },
  llm_not_configured: { status: 422, meaning: 'the computer has no model configured' },
  speech_not_configured: { status: 422, meaning: 'the computer has no voice configured' },
  transcription_not_configured: {
    status: 422,
    meaning: 'the computer has no speech-to-text endpoint configured',
  },
  invalid_speech_settings: { status: 422, meaning: 'malformed voice settings' },
  invalid_transcription_settings: { status: 422, meaning: 'malformed speech-to-text settings' },
  speech_key_required: { status: 422, meaning: 'no voice key was sent and none is saved' },
  transcription_key_required: { status: 422, meaning: 'no speech-to-text key was sent and none is saved' },
  upstream_failed: {
    status: 502,
    meaning: 'the model, voice or speech-to-text endpoint failed, refused or did not answer in time',
  },

  // Our own edges.
  relay_unreachable: {
    status: 502,
    meaning: 'the relay could not be reached from this computer (wrong address, down, or no network)',
  },
  tracker_unreachable: {
    status: 502,
    meaning: 'the tracker could not be reached or failed (network error, 5xx or 429, after retries)',
  },
  invalid_request: { status: 400, meaning: 'the body or parameters do not match the schema' },
  invalid_report: { status: 400, meaning: 'the agent report is malformed' },
  unauthorized: { status: 401, meaning: 'missing or wrong bearer credential' },
  forbidden_origin: { status: 403, meaning: 'a request from a web page (Origin header present)' },
  forbidden_host: { status: 403, meaning: 'the Host header is not a loopback address' },
  not_found: { status: 404, meaning: 'no such route' },
  payload_too_large: { status: 413, meaning: 'the body is over the route limit' },
  unsupported_media_type: { status: 415, meaning: 'the body is not application/json' },
  internal_error: { status: 500, meaning: 'an unexpected failure; details are in the log' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The error body everywhere: `{ error, message? }`. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  message: Type.Optional(Type.String()),
  /** With `call_taken`: the device that has the call. */
  handledBy: Type.Optional(Type.Object({ deviceId: Type.String(), name: Type.String() })),
});
export type ErrorBody = Type.Static<typeof ErrorBody>;

/** The one error class of Ringback: a code from the catalogue, a human message and its cause. */
export class RingbackError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Fields the body carries beside `error` and `message` (e.g. `handledBy`). */
  readonly details: Omit<ErrorBody, 'error' | 'message'>;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { cause?: unknown; details?: Omit<ErrorBody, 'error' | 'message'> },
  ) {
    super(message ?? ERROR_CATALOGUE[code].meaning, options);
    this.name = 'RingbackError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options?.details ?? {};
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, ...this.details };
  }
}

/** Turns anything thrown into a RingbackError at a boundary; unknown failures become internal_error. */
export function toRingbackError(thrown: unknown): RingbackError {
  if (thrown instanceof RingbackError) return thrown;
  return new RingbackError('internal_error', undefined, { cause: thrown });
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
