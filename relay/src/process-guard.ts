import type { RelayLogger } from './relay-logger';

/**
 * The last line of defence of a relay process: an exception or rejection nobody caught is
 * logged with its stack, and the relay keeps serving instead of dropping every user at once.
 *
 * Safe here because the relay holds nothing that such an error could leave half-done for
 * others: everything durable is in SQLite, written in transactions that commit whole or not at
 * all, and what lives in memory is per connection (a stream, a daemon link, a settings request
 * waiting), which its client rebuilds by reconnecting and resuming by id. The root causes are
 * handled where they arise (bounded stream writers, guarded link sends, 'error' listeners on
 * every socket); a line logged here is a bug to fix, not a way of running.
 *
 * Returns the function that removes the handlers (on close), so a process that embeds the relay
 * gets its own behaviour back.
 */
export function guardRelayProcess(logger: RelayLogger): () => void {
  const onException = (error: Error, origin: string) =>
    logger.error(`uncaught ${origin}, the relay keeps serving: ${error.stack ?? String(error)}`);
  const onRejection = (reason: unknown) =>
    logger.error(
      `unhandled rejection, the relay keeps serving: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
  // A log pipe whose reader went away (EPIPE) fails every later write. Unheard, each failure
  // would be an uncaught exception, logged to the same broken pipe: a loop that spins a core and
  // starves the shutdown. The lines are lost either way; the relay goes on without them.
  const onOutputError = () => {};
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', onOutputError);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
    process.stdout.off('error', onOutputError);
    process.stderr.off('error', onOutputError);
  };
}
