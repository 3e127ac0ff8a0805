import { describe, expect, it } from 'vitest';
import { askPushHeld, backgroundDetail, knownPushHeld } from './push-held';

/** A relay that answers with an endpoint (or none), or cannot be reached. */
function relay(answers: (string | null | Error)[]) {
  return {
    async pushSubscription() {
      const answer = answers.shift();
      if (answer instanceof Error || answer === undefined) throw answer ?? new Error('no answer');
      return { endpoint: answer };
    },
  };
}

describe('whether the relay holds this device’s subscription', () => {
  it('is checking before the first answer, then what the relay says', async () => {
    const client = relay(['https://push.example/1', null]);
    expect(knownPushHeld(client)).toBe('checking');
    expect(await askPushHeld(client)).toBe('held');
    expect(await askPushHeld(client)).toBe('not-held');
  });

  it('is not known (never "not held") when the relay cannot be asked and never answered', async () => {
    expect(await askPushHeld(relay([new TypeError('Failed to fetch')]))).toBe('unknown');
  });

  it('keeps the last answer when the relay cannot be asked now', async () => {
    const client = relay(['https://push.example/1', new TypeError('Failed to fetch')]);
    await askPushHeld(client);
    expect(await askPushHeld(client)).toBe('held');
    expect(knownPushHeld(client)).toBe('held');
  });
});

describe('the settings row of background ringing', () => {
  it('says On only while held, Checking… while asked, and that the relay cannot be reached when not known', () => {
    expect(backgroundDetail(true, 'held')).toBe('On');
    expect(backgroundDetail(true, 'not-held')).toBe('Off');
    expect(backgroundDetail(true, 'checking')).toBe('Checking…');
    expect(backgroundDetail(true, 'unknown')).toBe("Can't reach the relay to check");
    expect(backgroundDetail(false, 'unknown')).toBe('Off');
  });
});
