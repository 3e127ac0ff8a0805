import { describe, expect, it } from 'vitest';
import { GenerationScheduler } from './generation-scheduler';

describe('GenerationScheduler', () => {
  it('grants at most 3 slots, in arrival order, and the next when one finishes', () => {
    const granted: string[] = [];
    const scheduler = new GenerationScheduler((id) => granted.push(id));
    scheduler.enqueue('c', 3);
    scheduler.enqueue('a', 1);
    scheduler.enqueue('b', 2);
    scheduler.enqueue('e', 5);
    scheduler.enqueue('d', 4);
    expect(granted).toEqual(['c', 'a', 'b']);
    expect([scheduler.running, scheduler.waiting]).toEqual([3, 2]);
    scheduler.finished('a');
    expect(granted).toEqual(['c', 'a', 'b', 'd']);
    scheduler.finished('nobody');
    expect(granted).toHaveLength(4);
  });

  it('orders a backlog restored at start by acceptance time, then event id', () => {
    const granted: string[] = [];
    const scheduler = new GenerationScheduler((id) => granted.push(id), 1);
    scheduler.enqueue('x', 9);
    for (const [id, at] of [
      ['b', 5],
      ['a', 5],
      ['c', 1],
    ] as const)
      scheduler.enqueue(id, at);
    for (let i = 0; i < 3; i++) scheduler.finished(granted.at(-1) as string);
    expect(granted).toEqual(['x', 'c', 'a', 'b']);
  });

  it('forgets removed entries and ignores repeats', () => {
    const granted: string[] = [];
    const scheduler = new GenerationScheduler((id) => granted.push(id), 1);
    scheduler.enqueue('a', 1);
    scheduler.enqueue('a', 1);
    scheduler.enqueue('b', 2);
    scheduler.enqueue('c', 3);
    scheduler.remove('b');
    scheduler.remove('a');
    expect(granted).toEqual(['a', 'c']);
  });

  it('keeps up with a backlog of 10,000 entries', () => {
    let granted = 0;
    const scheduler = new GenerationScheduler(() => granted++);
    for (let i = 0; i < 10_000; i++) scheduler.enqueue(`e${i}`, i);
    for (let i = 0; i < 10_000; i++) scheduler.finished(`e${i}`);
    expect(granted).toBe(10_000);
    expect(scheduler.running).toBe(0);
  });
});
