import { describe, expect, it } from 'vitest';
import { isWebKit } from './browser-engine';

const AGENTS = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 Edg/122.0.0.0',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/122.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
};

describe('isWebKit', () => {
  it('is true for Safari and for every browser on iOS', () => {
    expect([AGENTS.iPhoneSafari, AGENTS.iPhoneChrome, AGENTS.macSafari].map(isWebKit)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('is false for Blink browsers (headless Chromium too) and for Firefox', () => {
    expect(
      [AGENTS.androidChrome, AGENTS.edge, AGENTS.headlessChromium, AGENTS.firefox, ''].map(isWebKit),
    ).toEqual([false, false, false, false, false]);
  });
});
