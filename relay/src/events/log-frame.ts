import type { LogEntry, RelayStore } from '../storage/relay-store';
import { sseFrame } from '../stream/stream-hub';
import { toRelayedEvent, toStatusChange } from './relayed-event';
import { toReplyState } from './reply-state';

/**
 * The SSE frame of one log entry, read from the store as it is now: a live stream and a replay
 * send the same bytes for the same entry. Null when nothing is left to send for it (an ended
 * call's ciphertext is gone, so its `event` entry is skipped: its `status` frame says how it
 * ended; a purged reply or call).
 */
export async function logFrame(
  store: RelayStore,
  entry: LogEntry,
  names: ReadonlyMap<string, string>,
): Promise<string | null> {
  if (entry.kind === 'reply') {
    const reply = entry.replyId ? await store.getReply(entry.accountId, entry.replyId) : null;
    return reply ? sseFrame(entry.seq, 'reply', toReplyState(reply)) : null;
  }
  const event = await store.getEvent(entry.accountId, entry.eventId);
  if (!event) return null;
  if (entry.kind === 'event' && event.sealed === null) return null;
  return entry.kind === 'event'
    ? sseFrame(entry.seq, 'event', toRelayedEvent(event, names))
    : sseFrame(entry.seq, 'status', toStatusChange(event, names));
}
