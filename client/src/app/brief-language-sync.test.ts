import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIEF_LANGUAGE_RETRY_MS, createBriefLanguageSync } from './brief-language-sync';
import { ComputerWriteError } from './settings/computer-writes';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const offline = () => new ComputerWriteError('Your computer is not connected right now', 'device_offline');
const refused = () => new ComputerWriteError('Your computer does not know this language', 'invalid_language');

describe('writing the brief language to the computer', () => {
  it('writes at start and at every change', async () => {
    const write = vi.fn(async (_language: string) => undefined);
    const sync = createBriefLanguageSync({ write });
    sync.set('de-DE');
    await vi.advanceTimersByTimeAsync(0);
    sync.set('de-DE');
    sync.set('fr-FR');
    await vi.advanceTimersByTimeAsync(0);
    expect(write.mock.calls.map(([language]) => language)).toEqual(['de-DE', 'fr-FR']);
    expect(sync.status()).toEqual({ state: 'written', language: 'fr-FR' });
    sync.stop();
  });

  it('while the computer cannot be reached, tries again every 30 s until it is written', async () => {
    let down = true;
    const write = vi.fn(async () => {
      if (down) throw offline();
    });
    const statuses: string[] = [];
    const sync = createBriefLanguageSync({ write, onStatus: (status) => statuses.push(status.state) });
    sync.set('ja-JP');
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.status()).toMatchObject({ state: 'waiting', language: 'ja-JP' });
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS - 1);
    expect(write).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(write).toHaveBeenCalledTimes(2);
    down = false;
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS);
    expect(write).toHaveBeenCalledTimes(3);
    expect(sync.status()).toEqual({ state: 'written', language: 'ja-JP' });
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS * 3);
    expect(write).toHaveBeenCalledTimes(3);
    expect(statuses).toEqual(['writing', 'waiting', 'writing', 'waiting', 'writing', 'written']);
    sync.stop();
  });

  it('a refusal (such as a key mismatch) is not tried again until the language changes', async () => {
    const write = vi.fn(async (language: string) => {
      if (language === 'xx-XX') throw refused();
    });
    const sync = createBriefLanguageSync({ write });
    sync.set('xx-XX');
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS * 4);
    expect(write).toHaveBeenCalledTimes(1);
    expect(sync.status()).toEqual({
      state: 'refused',
      language: 'xx-XX',
      reason: 'Your computer does not know this language',
    });
    sync.set('en-GB');
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.status()).toEqual({ state: 'written', language: 'en-GB' });
    sync.stop();
  });

  it('a change while a retry waits writes the new language at once, and stop ends the retries', async () => {
    const write = vi.fn(async (language: string) => {
      if (language === 'it-IT') throw offline();
    });
    const sync = createBriefLanguageSync({ write });
    sync.set('it-IT');
    await vi.advanceTimersByTimeAsync(0);
    sync.set('es-ES');
    await vi.advanceTimersByTimeAsync(0);
    expect(write.mock.calls.map(([language]) => language)).toEqual(['it-IT', 'es-ES']);
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS * 2);
    expect(write).toHaveBeenCalledTimes(2);
    sync.set('it-IT');
    await vi.advanceTimersByTimeAsync(0);
    sync.stop();
    await vi.advanceTimersByTimeAsync(BRIEF_LANGUAGE_RETRY_MS * 2);
    expect(write).toHaveBeenCalledTimes(3);
  });
});
