import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('satisfies requests made during a flush with one following flush', async () => {
    const seen: number[] = [];
    let state = 0;
    const commit = new GroupCommit(async () => {
      seen.push(state);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    state = 1;
    const first = commit.request();
    state = 2;
    const rest = [commit.request(), commit.request(), commit.request()];
    await Promise.all([first, ...rest]);
    expect(commit.flushes).toBe(2);
    // The first flush starts at once with what it has; the three later requests share the second.
    expect(seen).toEqual([1, 2]);
  });

  it('never resolves a request with a flush that started before it', async () => {
    let state = 0;
    const written: number[] = [];
    const commit = new GroupCommit(async () => {
      const snapshot = state;
      await new Promise((resolve) => setTimeout(resolve, 5));
      written.push(snapshot);
    });
    const first = commit.request();
    await new Promise((resolve) => setTimeout(resolve, 1));
    state = 7;
    await commit.request();
    expect(written.at(-1)).toBe(7);
    await first;
  });

  it('rejects the waiters of a failed flush and recovers for the next', async () => {
    let fail = true;
    const commit = new GroupCommit(async () => {
      if (fail) throw new Error('disk full');
    });
    await expect(commit.request()).rejects.toThrow('disk full');
    fail = false;
    await expect(commit.request()).resolves.toBeUndefined();
  });
});
