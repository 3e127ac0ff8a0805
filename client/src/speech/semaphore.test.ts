import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('grants up to the limit, then first come first served', async () => {
    const slots = createSemaphore(2);
    const a = await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire().then((release) => {
      order.push('d');
      return release;
    });
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(2);
    a();
    a(); // releasing twice frees only one slot
    (await c)();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(slots.active).toBe(1);
  });

  it('drops a waiter whose signal aborts, and refuses an aborted signal at once', async () => {
    const slots = createSemaphore(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('no longer needed'));
    await expect(waiting).rejects.toThrow('no longer needed');
    expect(slots.waiting).toBe(0);
    await expect(slots.acquire(AbortSignal.abort(new Error('late')))).rejects.toThrow('late');
    release();
    expect(slots.active).toBe(0);
  });
});
