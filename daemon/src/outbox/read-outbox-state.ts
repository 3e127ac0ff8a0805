import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Logger } from '../log/logger';
import { quarantineFile } from '../storage/quarantine';
import { type JournalContents, readJournal } from './outbox-journal';
import type { OutboxLogPaths } from './outbox-log';
import { applyJournalRecord, emptyOutboxState, type OutboxState, parseCheckpoint } from './outbox-state';

/** Temp files of checkpoint or journal writes a crash interrupted (see `writeFileAtomic`). */
async function removeTempLeftovers(paths: OutboxLogPaths): Promise<void> {
  const dir = dirname(paths.checkpoint);
  const prefixes = [paths.checkpoint, paths.journal, paths.nextJournal].map((path) => `.${basename(path)}.`);
  for (const name of await readdir(dir)) {
    if (name.endsWith('.tmp') && prefixes.some((prefix) => name.startsWith(prefix)))
      await rm(join(dir, name), { force: true });
  }
}

/**
 * Reads `outbox.json` and applies the journals that continue it: the one of its generation, then
 * the next generation's, left by a compaction a crash interrupted. A record a crash cut short ends
 * a journal (that commit never completed, so nothing it held had been promised). An unreadable
 * checkpoint is moved aside and the journals ignored with it; a journal that fits no generation
 * is moved aside. Either way the state then claims no segment, so that the caller recovers from
 * its payload every report nothing says is finished.
 */
export async function readOutboxState(paths: OutboxLogPaths, logger: Logger): Promise<OutboxState> {
  await removeTempLeftovers(paths);
  let state: OutboxState;
  try {
    state = parseCheckpoint(await readFile(paths.checkpoint, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyOutboxState();
    await quarantineFile(
      paths.checkpoint,
      error,
      logger,
      'Every report is recovered from its payload in outbox/; the journal is not applied.',
    );
    return emptyOutboxState();
  }

  const journals: { path: string; contents: JournalContents }[] = [];
  for (const path of [paths.journal, paths.nextJournal]) {
    const contents = await readJournal(path);
    // Older than the checkpoint: written before a compaction that completed, so contained in it.
    if (contents && !(contents.generation !== null && contents.generation < state.generation))
      journals.push({ path, contents });
  }
  const ofGeneration = (generation: number) =>
    journals.find((journal) => journal.contents.generation === generation);
  const chain = [ofGeneration(state.generation)];
  if (chain[0]) chain.push(ofGeneration(state.generation + 1));

  for (const journal of journals.filter((candidate) => !chain.includes(candidate))) {
    await quarantineFile(
      journal.path,
      new Error(`it continues outbox generation ${journal.contents.generation}, not ${state.generation}`),
      logger,
      'Reports whose changes were only in it are recovered from their payloads in outbox/.',
    );
    state.segment = 0;
  }
  for (const journal of chain) {
    if (!journal) break;
    for (const record of journal.contents.records) applyJournalRecord(state, record);
    if (journal.contents.damage === 'torn') {
      logger.warn(
        `${basename(journal.path)} ended with a record a crash cut short; that commit never completed`,
      );
    } else if (journal.contents.damage === 'corrupt') {
      await quarantineFile(
        journal.path,
        new Error('a record in the middle fails its checksum'),
        logger,
        'Changes up to that record are kept; reports added after it are recovered from their payloads.',
      );
      break;
    }
  }
  return state;
}
