import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameLine, OutboxJournal, parseJournal, readJournal } from './outbox-journal';

const header = (generation: number) => frameLine(JSON.stringify({ journal: generation }));

describe('parseJournal', () => {
  it('reads the generation and every record in order', () => {
    const text = header(3) + frameLine('{"segment":1}') + frameLine('{"segment":2}');
    expect(parseJournal(text)).toEqual({
      generation: 3,
      records: [{ segment: 1 }, { segment: 2 }],
      damage: 'none',
    });
  });

  it('ignores a last record a crash cut short', () => {
    const whole = frameLine('{"segment":2,"removed":["e1"]}');
    const text = header(1) + frameLine('{"segment":1}') + whole.slice(0, 20);
    expect(parseJournal(text)).toEqual({ generation: 1, records: [{ segment: 1 }], damage: 'torn' });
  });

  it('ignores a last record whose bytes a power cut garbled, though its line is complete', () => {
    const garbled = frameLine('{"segment":2}').replace('2', '\u0000');
    expect(parseJournal(header(1) + frameLine('{"segment":1}') + garbled)).toEqual({
      generation: 1,
      records: [{ segment: 1 }],
      damage: 'torn',
    });
  });

  it('stops at a bad record in the middle and says so', () => {
    const bad = frameLine('{"segment":2}').replace('2', '9');
    const text = header(1) + frameLine('{"segment":1}') + bad + frameLine('{"segment":3}');
    expect(parseJournal(text)).toEqual({ generation: 1, records: [{ segment: 1 }], damage: 'corrupt' });
  });

  it('has no generation without its header line', () => {
    expect(parseJournal(frameLine('{"segment":1}')).generation).toBeNull();
    expect(parseJournal('').records).toEqual([]);
  });
});

describe('OutboxJournal', () => {
  it('starts empty for its generation, appends records, and counts its bytes', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'ringback-journal-')), 'outbox.journal');
    const journal = await OutboxJournal.create(path, 5);
    await journal.append('{"segment":1}');
    await journal.append('{"segment":2}');
    await journal.close();
    const text = await readFile(path, 'utf8');
    expect(journal.bytes).toBe(Buffer.byteLength(text));
    expect(await readJournal(path)).toEqual({
      generation: 5,
      records: [{ segment: 1 }, { segment: 2 }],
      damage: 'none',
    });

    const again = await OutboxJournal.create(path, 6);
    await again.close();
    expect(await readJournal(path)).toEqual({ generation: 6, records: [], damage: 'none' });
  });
});
