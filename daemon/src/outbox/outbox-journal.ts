import { type FileHandle, open, readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../storage/atomic-write';

/**
 * `outbox.journal`: the outbox's changes since `outbox.json` was last written, one line per
 * commit, appended with one fsync. A line is `<crc32 of the JSON, 8 hex digits> <JSON>\n`, so a
 * line a crash cut short (or a power cut left half-written) is recognised and ignored. The first
 * line names the generation of `outbox.json` the journal continues; a journal of another
 * generation (a crash during compaction) is already contained in `outbox.json`.
 */
export class OutboxJournal {
  readonly #handle: FileHandle;
  #bytes: number;

  private constructor(handle: FileHandle, bytes: number) {
    this.#handle = handle;
    this.#bytes = bytes;
  }

  /** Replaces any journal at `path` with an empty one for `generation`, durable, open for appends. */
  static async create(path: string, generation: number): Promise<OutboxJournal> {
    const header = frameLine(JSON.stringify({ journal: generation }));
    await writeFileAtomic(path, header, PRIVATE_FILE_MODE);
    return new OutboxJournal(await open(path, 'a'), Buffer.byteLength(header));
  }

  /** Bytes in the file, to decide when to compact. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Appends one record and waits until it is on disk. */
  async append(json: string): Promise<void> {
    const line = frameLine(json);
    await this.#handle.write(line);
    // The size changes with every append: fdatasync writes it too.
    await this.#handle.datasync();
    this.#bytes += Buffer.byteLength(line);
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}

export function frameLine(json: string): string {
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

/** What a journal file held: its generation and every intact record, in order. */
export interface JournalContents {
  generation: number | null;
  records: unknown[];
  /**
   * `torn`: the last line was cut short or garbled, as a crash mid-append leaves it (that commit
   * never completed). `corrupt`: a bad line with intact ones after it; what follows it is unused.
   */
  damage: 'none' | 'torn' | 'corrupt';
}

function unframe(line: string): unknown {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(space + 1);
  if (Number.parseInt(line.slice(0, space), 16) !== crc32(json)) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

export function parseJournal(text: string): JournalContents {
  const lines = text.split('\n');
  // The text after the last newline is a line a crash cut short (empty after a complete append).
  const fragment = lines.pop() ?? '';
  const values = lines.map(unframe);
  const firstBad = values.indexOf(undefined);
  const intact = firstBad === -1 ? values : values.slice(0, firstBad);
  let damage: JournalContents['damage'] = 'none';
  if (firstBad !== -1) {
    damage = values.slice(firstBad + 1).some((value) => value !== undefined) ? 'corrupt' : 'torn';
  } else if (fragment !== '') {
    damage = 'torn';
  }
  const header = intact[0] as { journal?: unknown } | undefined;
  const generation = typeof header?.journal === 'number' ? header.journal : null;
  return { generation, records: generation === null ? [] : intact.slice(1), damage };
}

/** The journal at `path`, or null when there is none. */
export async function readJournal(path: string): Promise<JournalContents | null> {
  try {
    return parseJournal(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
