import {
  Aad,
  createParser,
  type DaemonToRelay,
  OpenError,
  open,
  ReplyPlaintext,
  seal,
} from '@ringback/protocol';
import type { SessionRecord } from '../outbox/outbox-store';
import type { ResumeRequest } from './resume-agent';

type ReplyResult = Extract<DaemonToRelay, { type: 'reply-result' }>;

const parseReply = createParser(ReplyPlaintext);

export interface ReplyDeps {
  /** The e2e key in force, or null when none is set. */
  key(): string | null;
  /** Sessions this computer recorded from its own reports. */
  session(sessionId: string): SessionRecord | undefined;
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
  // No key, or another one: nothing can be sealed the app could open. Say so in plain words.
  const undecryptable: ReplyResult = {
    type: 'reply-result',
    replyId: message.replyId,
    status: 'failed',
    error: 'undecryptable_reply',
  };
  if (!key) return undecryptable;
  let plaintext: ReplyPlaintext;
  try {
    plaintext = parseReply.parse(JSON.parse(await open(key, message.sealed, Aad.reply(message.eventId))));
  } catch (error) {
    if (error instanceof OpenError) return undecryptable;
    return failed(message.replyId, key, `the reply is malformed: ${(error as Error).message}`);
  }
  if (plaintext.eventId !== message.eventId)
    return failed(message.replyId, key, 'the reply names another call');
  const session = deps.session(plaintext.sessionId);
  if (!session || session.source !== plaintext.source) {
    return failed(
      message.replyId,
      key,
      `this computer has no ${plaintext.source} session ${plaintext.sessionId}`,
    );
  }
  try {
    await deps.resume({
      source: session.source,
      sessionId: plaintext.sessionId,
      cwd: session.cwd,
      text: plaintext.text,
    });
  } catch (error) {
    return failed(message.replyId, key, (error as Error).message);
  }
  return { type: 'reply-result', replyId: message.replyId, status: 'delivered' };
}

async function failed(replyId: string, key: string, reason: string): Promise<ReplyResult> {
  const failure = await seal(key, JSON.stringify({ reason }), Aad.replyError(replyId));
  return { type: 'reply-result', replyId, status: 'failed', failure };
}
