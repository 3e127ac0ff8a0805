// The hook imports nothing of ours beyond this folder (it must run with node_modules deleted),
// so the few wire constants it needs are repeated here; test/src/hook.test.ts checks they
// match @ringback/protocol.

/** `POST /report` accepts bodies up to this size. */
export const REPORT_BODY_LIMIT_BYTES = 800 * 1024;
/** The hook gives up after 5 s: it must never hold up the agent. */
export const HOOK_TIMEOUT_MS = 5_000;
export const DEFAULT_LOCAL_PORT = 8790;
/** Stop reading a transcript backwards after this much: bounded memory whatever its size. */
export const TRANSCRIPT_TAIL_LIMIT_BYTES = 8 * 1024 * 1024;
/** Newest Codex day folders searched for a thread's rollout file (about a year of daily use). */
export const CODEX_DAY_FOLDER_LIMIT = 400;
/** The longest wait a user may set for a permission call (protocol's PERMISSION_WAIT_MAX_SECONDS). */
export const PERMISSION_WAIT_MAX_SECONDS = 3600;
/**
 * The permission hook's own deadline beyond the longest wait: the daemon answers by then in any
 * case, and the agent's per-hook timeout (the configured wait plus a margin) ends it sooner.
 */
export const PERMISSION_HOOK_DEADLINE_MS = (PERMISSION_WAIT_MAX_SECONDS + 30) * 1000;
/**
 * The daemon's answer key, made fresh at each start in its data dir (mode 600): the permission
 * hook believes an answer only when it is MACed with it (see answer-mac.ts).
 */
export const HOOK_SECRET_FILE = 'permission-answer.key';
/** The hook's fresh nonce for one request, and the daemon's MAC over it and its decision. */
export const ANSWER_NONCE_HEADER = 'ringback-nonce';
export const ANSWER_MAC_HEADER = 'ringback-answer-mac';
/** The permission hook's request, sealed under the daemon's answer key (see request-seal.ts). */
export const SEALED_REQUEST_TYPE = 'application/vnd.ringback.sealed-request';

/**
 * Set to the session's id in a session Ringback resumed after a reply, for its hooks: nobody is at
 * its terminal (see resumed-session.ts).
 */
export const RESUMED_SESSION_ENV = 'RINGBACK_RESUMED_SESSION';
/**
 * Set with it in a resumed Codex turn whose approvals go to the hook: the seconds after which
 * Codex ends the hook. The hook denies before then, or an undecided approval would go elsewhere.
 */
export const HOOK_TIMEOUT_ENV = 'RINGBACK_HOOK_TIMEOUT_SECONDS';
