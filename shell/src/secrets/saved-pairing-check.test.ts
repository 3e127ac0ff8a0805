import type { DeviceTokenLoad } from '@ringback/protocol';
import { describe, expect, it, vi } from 'vitest';
import { checkSavedPairing } from './saved-pairing-check';

function run(answers: (DeviceTokenLoad | Error)[], retryDelaysMs = [1, 1, 1]) {
  const seen: string[] = [];
  const check = checkSavedPairing({
    load: async () => {
      const next = answers.shift() ?? { ok: true, token: 'dev_x' };
      if (next instanceof Error) throw next;
      return next;
    },
    retryDelaysMs,
    onUnreadable: (final) => seen.push(final ? 'unreadable, final' : 'unreadable'),
    onReadableAgain: () => seen.push('readable again'),
  });
  return { seen, check };
}

describe('checkSavedPairing', () => {
  it('says nothing of a pairing that reads, or of none', async () => {
    const { seen, check } = run([{ ok: true, token: null }]);
    await check.done;
    expect(seen).toEqual([]);
  });

  it('an undecryptable pairing is final at once', async () => {
    const { seen, check } = run([{ ok: false, reason: 'undecryptable' }]);
    await check.done;
    expect(seen).toEqual(['unreadable, final']);
  });

  it('a read that throws is retried like a keychain not there yet, not taken for an unreadable pairing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { seen, check } = run([new Error('EIO'), { ok: false, reason: 'keychain-unavailable' }]);
    await check.done;
    expect(seen).toEqual(['unreadable', 'unreadable', 'readable again']);
  });

  it('gives up after the retries, and stops when told', async () => {
    const away: DeviceTokenLoad = { ok: false, reason: 'keychain-unavailable' };
    // Three waits between four reads.
    const gaveUp = run([away, away, away, away]);
    await gaveUp.check.done;
    expect(gaveUp.seen).toEqual(['unreadable', 'unreadable', 'unreadable', 'unreadable, final']);

    const stopped = run([away, away, away]);
    stopped.check.stop();
    await stopped.check.done;
    expect(stopped.seen).toEqual([]);
  });
});
