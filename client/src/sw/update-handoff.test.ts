import { describe, expect, it } from 'vitest';
import { handOffAnswer, isHandOffPing, takeOverMessage } from '../pwa/take-over-message';
import { type HandOffWindow, takeOverAtInstall, takeOverWhenAsked } from './update-handoff';

/** A window whose page is from before the hand-off (silent) or runs it (answers the ping on its port). */
function appWindow(page: 'hands-off' | 'older', log: string[]): HandOffWindow {
  return {
    postMessage(message, transfer) {
      log.push(`ping ${page}`);
      const [port] = transfer as MessagePort[];
      if (page === 'hands-off' && isHandOffPing(message)) port?.postMessage(handOffAnswer());
      if (page === 'older') port?.close();
    },
  };
}

function fakeWorker(pages: ('hands-off' | 'older')[]) {
  const log: string[] = [];
  const windows = pages.map((page) => appWindow(page, log));
  return {
    log,
    deps: {
      appWindows: async () => windows,
      skipWaiting: async () => {
        log.push('skipWaiting');
      },
      answerWithinMs: 200,
    },
  };
}

describe("a new build's worker", () => {
  it('takes over at install when no app window is open', async () => {
    const worker = fakeWorker([]);
    expect(await takeOverAtInstall(worker.deps)).toBe(true);
    expect(worker.log).toEqual(['skipWaiting']);
  });

  it('waits at install while a window whose page hands off is open', async () => {
    const worker = fakeWorker(['older', 'hands-off']);
    // Answered long before the deadline would pass.
    expect(await takeOverAtInstall({ ...worker.deps, answerWithinMs: 60_000 })).toBe(false);
    expect(worker.log).toEqual(['ping older', 'ping hands-off']);
  });

  it('takes over when the open windows run pages from before the hand-off (none answers)', async () => {
    const worker = fakeWorker(['older', 'older']);
    expect(await takeOverAtInstall(worker.deps)).toBe(true);
    expect(worker.log).toEqual(['ping older', 'ping older', 'skipWaiting']);
  });

  it('waits, and still installs, when the open windows cannot be listed', async () => {
    const worker = fakeWorker([]);
    const failing = { ...worker.deps, appWindows: () => Promise.reject(new Error('clients unavailable')) };
    expect(await takeOverAtInstall(failing)).toBe(false);
    expect(worker.log).toEqual([]);
  });

  it("takes over on a page's go-ahead, and on no other message", async () => {
    const worker = fakeWorker(['hands-off']);
    for (const other of [null, 'ringback.take-over', { type: 'ringback.answer', eventId: 'e' }, {}])
      expect(await takeOverWhenAsked(other, worker.deps)).toBe(false);
    expect(worker.log).toEqual([]);
    expect(await takeOverWhenAsked(takeOverMessage(), worker.deps)).toBe(true);
    expect(worker.log).toEqual(['skipWaiting']);
  });
});
