import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { corkForThisTick } from './cork-for-tick';

/** A stream that records each batch it is handed at once (one system call, on a socket). */
function recordingStream() {
  const batches: string[][] = [];
  const stream = new Writable({
    writev(chunks, done) {
      batches.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
    write(chunk, _encoding, done) {
      batches.push([String(chunk)]);
      done();
    },
  });
  return { stream, batches };
}

describe('corkForThisTick', () => {
  it('hands the writes of one tick, promise callbacks included, to the stream in one batch', async () => {
    const { stream, batches } = recordingStream();
    corkForThisTick(stream);
    stream.write('frame 3');
    await Promise.resolve();
    corkForThisTick(stream);
    stream.write('end');
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['frame 3', 'end']]);
  });

  it('holds nothing past its tick: a write in a later one goes on its own', async () => {
    const { stream, batches } = recordingStream();
    corkForThisTick(stream);
    stream.write('frame 0');
    await new Promise((resolve) => setImmediate(resolve));
    corkForThisTick(stream);
    stream.write('frame 1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['frame 0'], ['frame 1']]);
    expect(stream.writableCorked).toBe(0);
  });
});
