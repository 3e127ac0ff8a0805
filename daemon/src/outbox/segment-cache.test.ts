import { describe, expect, it } from 'vitest';
import { SegmentCache } from './segment-cache';

const segment = () => new Map();

describe('SegmentCache', () => {
  it('drops the least recently used segments once over its budget', () => {
    const cache = new SegmentCache(100);
    const [a, b, c] = [segment(), segment(), segment()];
    cache.set(1, a, 40);
    cache.set(2, b, 40);
    expect(cache.get(1)).toBe(a); // 1 is now the most recently used
    cache.set(3, c, 40);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(a);
    expect(cache.get(3)).toBe(c);
  });

  it('keeps a segment larger than the whole budget until the next one arrives', () => {
    const cache = new SegmentCache(10);
    const big = segment();
    cache.set(1, big, 50);
    expect(cache.get(1)).toBe(big);
    cache.set(2, segment(), 5);
    expect(cache.get(1)).toBeUndefined();
  });

  it('forgets deleted segments', () => {
    const cache = new SegmentCache();
    cache.set(7, segment(), 10);
    cache.delete(7);
    expect(cache.get(7)).toBeUndefined();
  });
});
