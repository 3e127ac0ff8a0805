import {
  Aad,
  type AgentSource,
  createParser,
  OpenError,
  open,
  type ReplyFailurePlaintext,
  ReplyPlaintext,
  seal,
  type TrackerReplyPlaintext,
} from '@ringback/protocol';
import type { ReplyResult } from './handled-replies';
import type { ResumeRequest } from './resume-agent';

const parseReply = createParser(ReplyPlaintext);

/** What this computer recorded of a session from its own reports. */
export interface ResumableSession {
  cwd: string;
  source: AgentSource;
  /** The session's permission mode as its last Stop payload gave it (`permission_mode`). */
  permissionMode?: string;
}

/** A reply to a tracker call, to post as a comment on its issue. */
export interface TrackerComment {
  workspaceId: string;
  issueId: string;
  text: string;
}

export interface ReplyDeps {
  /** The e2e key in force, or null when none is set. */
  key(): string | null;
  /**
   * Posts a tracker reply as a top-level comment on the issue (the assigned agent picks it up);
   * rejects, with a reason in plain words, when the workspace is not watched here or the tracker
   * refuses. Never retried: a comment must not be posted twice.
   */
  comment(request: TrackerComment): Promise<void>;
  /** Sessions this computer recorded from its own reports. */
  session(sessionId: string): ResumableSession | undefined;
  /**
   * Makes it durable that the agent is about to start on this reply; rejects when it cannot,
   * and then the agent is not started.
   */
  markStarted(): Promise<void>;
  resume(request: ResumeRequest): Promise<void>;
}

/**
 * Opens a reply and continues the agent session it answers. Only sessions this computer
 * recorded are resumed, in the working directory it recorded, whatever the reply says.
 */
export async function handleReply(
  message: { replyId: string; eventId: string; sealed: string },
  deps: ReplyDeps,
): Promise<ReplyResult> {
  const key = deps.key();
  if (!key) return undecryptable(message.replyId);
  let plaintext: ReplyPlaintext;
  try {
    plaintext = parseReply.parse(JSON.parse(await open(key, message.sealed, Aad.reply(message.eventId))));
  } catch (error) {
    if (error instanceof OpenError) return undecryptable(message.replyId);
    return failedReply(message.replyId, key, {
      reason: `the reply is malformed: ${(error as Error).message}`,
    });
  }
  if (plaintext.eventId !== message.eventId)
    return failedReply(message.replyId, key, { reason: 'the reply names another call' });
  if (plaintext.source === 'tracker') return commentOnIssue(message.replyId, key, plaintext, deps);
  const session = deps.session(plaintext.sessionId);
  if (!session || session.source !== plaintext.source) {
    return failedReply(message.replyId, key, {
      reason: `this computer has no ${plaintext.source} session ${plaintext.sessionId}`,
    });
  }
  try {
    await deps.markStarted();
  } catch (error) {
    return failedReply(message.replyId, key, {
      reason: `the agent was not resumed: this computer could not record the reply first (${(error as Error).message})`,
    });
  }
  try {
    await deps.resume({
      source: session.source,
      sessionId: plaintext.sessionId,
      cwd: session.cwd,
      text: plaintext.text,
      ...(session.permissionMode === undefined ? {} : { permissionMode: session.permissionMode }),
    });
  } catch (error) {
    return failedReply(message.replyId, key, { reason: (error as Error).message });
  }
  return { type: 'reply-result', replyId: message.replyId, status: 'delivered' };
}

async function commentOnIssue(
  replyId: string,
  key: string,
  reply: TrackerReplyPlaintext,
  deps: ReplyDeps,
): Promise<ReplyResult> {
  try {
    await deps.markStarted();
  } catch (error) {
    return failedReply(replyId, key, {
      reason: `the comment was not posted: this computer could not record the reply first (${(error as Error).message})`,
    });
  }
  try {
    await deps.comment({ workspaceId: reply.workspaceId, issueId: reply.issueId, text: reply.text });
  } catch (error) {
    return failedReply(replyId, key, { reason: (error as Error).message });
  }
  return { type: 'reply-result', replyId, status: 'delivered' };
}

/** No key, or another one: nothing can be sealed the app could open. Said in plain words. */
export function undecryptable(replyId: string): ReplyResult {
  return { type: 'reply-result', replyId, status: 'failed', error: 'undecryptable_reply' };
}

/** A failed result whose reason only the app can read. */
export async function failedReply(
  replyId: string,
  key: string,
  failure: ReplyFailurePlaintext,
): Promise<ReplyResult> {
  const sealed = await seal(key, JSON.stringify(failure), Aad.replyError(replyId));
  return { type: 'reply-result', replyId, status: 'failed', failure: sealed };
}
