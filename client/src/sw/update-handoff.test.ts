import { describe, expect, it } from 'vitest';
import { takeOverMessage } from '../pwa/take-over-message';
import { takeOverIfNoWindow, takeOverWhenAsked } from './update-handoff';

function fakeWorker(windows: unknown[]) {
  const log: string[] = [];
  return {
    log,
    deps: {
      appWindows: async () => windows,
      skipWaiting: async () => {
        log.push('skipWaiting');
      },
    },
  };
}

describe("a new build's worker", () => {
  it('takes over at install when no app window is open', async () => {
    const worker = fakeWorker([]);
    expect(await takeOverIfNoWindow(worker.deps)).toBe(true);
    expect(worker.log).toEqual(['skipWaiting']);
  });

  it('waits at install while an app window is open', async () => {
    const worker = fakeWorker([{ url: 'https://relay.example/' }]);
    expect(await takeOverIfNoWindow(worker.deps)).toBe(false);
    expect(worker.log).toEqual([]);
  });

  it('waits, and still installs, when the open windows cannot be listed', async () => {
    const worker = fakeWorker([]);
    const failing = { ...worker.deps, appWindows: () => Promise.reject(new Error('clients unavailable')) };
    expect(await takeOverIfNoWindow(failing)).toBe(false);
    expect(worker.log).toEqual([]);
  });

  it("takes over on a page's go-ahead, and on no other message", async () => {
    const worker = fakeWorker([{ url: 'https://relay.example/' }]);
    for (const other of [null, 'ringback.take-over', { type: 'ringback.answer', eventId: 'e' }, {}])
      expect(await takeOverWhenAsked(other, worker.deps)).toBe(false);
    expect(worker.log).toEqual([]);
    expect(await takeOverWhenAsked(takeOverMessage(), worker.deps)).toBe(true);
    expect(worker.log).toEqual(['skipWaiting']);
  });
});
