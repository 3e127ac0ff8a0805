import { describe, expect, it } from 'vitest';
import { trackerRealtimeUrl } from './realtime-url';
import { DEFAULT_WATCH_TIMING, reconnectDelay } from './watch-timing';

describe('trackerRealtimeUrl', () => {
  it('swaps the scheme and keeps a base path prefix', () => {
    expect(trackerRealtimeUrl('https://api.multica.ai', 'w-1')).toBe(
      'wss://api.multica.ai/ws?workspace_id=w-1',
    );
    expect(trackerRealtimeUrl('http://127.0.0.1:8795/', 'w-1')).toBe(
      'ws://127.0.0.1:8795/ws?workspace_id=w-1',
    );
    expect(trackerRealtimeUrl('https://host/multica', 'a b')).toBe('wss://host/multica/ws?workspace_id=a+b');
  });
});

describe('reconnectDelay', () => {
  const t = DEFAULT_WATCH_TIMING;
  it('doubles from 1 s to 60 s with ±20 % jitter', () => {
    expect([1, 2, 3, 7, 8, 20].map((n) => reconnectDelay(n, false, t, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 60_000, 60_000, 60_000,
    ]);
    expect(reconnectDelay(1, false, t, () => 0)).toBe(800);
    expect(reconnectDelay(1, false, t, () => 0.999_999)).toBe(1_200);
  });
  it('waits 5 minutes after an auth refusal', () => {
    expect(reconnectDelay(1, true, t, () => 0.5)).toBe(300_000);
  });
});
