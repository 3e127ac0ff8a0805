import { describe, expect, it } from 'vitest';
import { currentBriefLanguage } from './brief-language';
import { ComputerLanguage } from './computer-language';

const mac = (appleLanguages: string[]) =>
  new ComputerLanguage({
    platform: 'darwin',
    env: { LANG: 'en_US.UTF-8' },
    readers: { darwin: async () => appleLanguages, win32: async () => [] },
  });

describe('the brief language', () => {
  it('with no app language, follows the Mac’s preferred languages over LANG', async () => {
    expect(await currentBriefLanguage({}, mac(['de-CH', 'en-US']))).toEqual({
      language: 'de-CH',
      source: 'system',
    });
  });

  it('is the app’s when one set it', async () => {
    expect(await currentBriefLanguage({ brief: { language: 'es-mx' } }, mac(['de-CH']))).toEqual({
      language: 'es-MX',
      source: 'app',
    });
  });
});
