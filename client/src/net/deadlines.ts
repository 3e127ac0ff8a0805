/**
 * How long each kind of outbound request may take before it is given up as hung. A deadline is
 * not a retry policy: it only makes sure a request that will never answer ends, with an error
 * that names the endpoint, instead of leaving the user waiting on it.
 */

/**
 * One voice request (a sentence's synthesis, an audio download, a voice list). A sentence takes
 * a cloud voice a few seconds at most; a call rings only once every sentence is ready, so one
 * hung platform must not hold the queue for longer than this.
 */
export const VOICE_REQUEST_DEADLINE_MS = 20_000;

/**
 * A streamed model answer, until its first chunk. The user is on the line waiting for the spoken
 * answer; a reasoning model may think a while, but past this the original text is read instead.
 */
export const MODEL_FIRST_CHUNK_DEADLINE_MS = 30_000;

/**
 * A streamed model answer, between two chunks. Counted afresh after each chunk, so a long answer
 * that keeps coming is never cut; only one that stops mid-way is.
 */
export const MODEL_IDLE_DEADLINE_MS = 20_000;

/**
 * A whole model answer that is not streamed: the model list and the connection test (a small
 * structured-output call). The user is watching a settings page spinner.
 */
export const MODEL_REQUEST_DEADLINE_MS = 30_000;

/**
 * One REST call to the relay (statuses, replies, devices, pairing, pending calls, the stream's
 * connect). The relay answers from its own database in milliseconds; this leaves room for a slow
 * mobile network, not for a relay that stopped answering.
 */
export const RELAY_REQUEST_DEADLINE_MS = 15_000;

/**
 * A settings request the relay carries to the computer and back. The relay itself waits up to
 * 30 s for the computer (its SETTINGS_TIMEOUT_MS) and then answers `daemon_timeout`; this is
 * longer, so that answer arrives, and any longer means the relay hung.
 */
export const RELAY_SETTINGS_DEADLINE_MS = 45_000;

/**
 * Upload time allowed per byte of a request body on top of its deadline: a sealed dispatch image
 * (up to 12 MB) on a weak uplink is slow, not hung. 32 KiB/s is a poor mobile uplink.
 */
export const SLOW_UPLINK_BYTES_PER_SECOND = 32 * 1024;

/** A deadline with room for sending `bytes` at the slow-uplink rate. */
export function withUploadAllowance(deadlineMs: number, bytes: number): number {
  return deadlineMs + Math.ceil((bytes / SLOW_UPLINK_BYTES_PER_SECOND) * 1000);
}

/**
 * One transcription of a recording (at most a minute of speech), before the upload allowance for
 * its size. A hosted Whisper answers in a few seconds; a self-hosted one on a CPU takes longer.
 * The user is waiting with the words unsaid; past this the sentence says so and Retry is offered.
 */
export const TRANSCRIPTION_DEADLINE_MS = 45_000;
