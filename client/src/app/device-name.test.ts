import { describe, expect, it } from 'vitest';
import { guessDeviceName } from './device-name';

describe('guessDeviceName', () => {
  it('names the browser and the system', () => {
    expect(
      guessDeviceName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      guessDeviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(guessDeviceName('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox on Linux',
    );
  });

  it('falls back to a plain word for an agent it does not know', () => {
    expect(guessDeviceName('curl/8.0')).toBe('Browser');
  });
});
