import { describe, expect, it } from 'vitest';
import { ComputerLanguage, type ComputerLanguageOptions } from './computer-language';

/** Platform readers that record how often they were asked and answer from a script. */
function readers(answers: { darwin?: () => Promise<string[]>; win32?: () => Promise<string[]> }) {
  const asked: string[] = [];
  const never = () => Promise.reject(new Error('this platform was not expected to be asked'));
  return {
    asked,
    readers: {
      darwin: () => {
        asked.push('darwin');
        return (answers.darwin ?? never)();
      },
      win32: () => {
        asked.push('win32');
        return (answers.win32 ?? never)();
      },
    },
  };
}

function computer(options: Partial<ComputerLanguageOptions> & Pick<ComputerLanguageOptions, 'platform'>) {
  return new ComputerLanguage({ env: {}, runtimeDefault: 'en-US', ...options });
}

describe('the computer’s language', () => {
  it('on macOS follows AppleLanguages before the locale variables', async () => {
    const { readers: platform } = readers({ darwin: async () => ['fr-CA', 'en-GB'] });
    const language = computer({ platform: 'darwin', env: { LANG: 'de_DE.UTF-8' }, readers: platform });
    expect(await language.language()).toBe('fr-CA');
  });

  it('on Windows follows the user’s UI language before the locale variables', async () => {
    const { readers: platform } = readers({ win32: async () => ['ja-JP'] });
    const language = computer({ platform: 'win32', env: { LANG: 'de_DE.UTF-8' }, readers: platform });
    expect(await language.language()).toBe('ja-JP');
  });

  it('completes what the platform gives to language-region form, skipping what has no voice', async () => {
    const { readers: platform } = readers({ darwin: async () => ['eo', 'pt'] });
    expect(await computer({ platform: 'darwin', readers: platform }).language()).toBe('pt-BR');
  });

  it('on Linux reads GNU LANGUAGE and runs no platform reader', async () => {
    const { readers: platform, asked } = readers({});
    const env = { LANGUAGE: 'it_IT:en', LANG: 'de_DE.UTF-8' };
    expect(await computer({ platform: 'linux', env, readers: platform }).language()).toBe('it-IT');
    expect(asked).toEqual([]);
  });

  it('falls through to the locale variables when the platform reader fails', async () => {
    const { readers: platform } = readers({
      darwin: async () => {
        throw new Error('spawn defaults ENOENT');
      },
    });
    const reasons: string[] = [];
    const language = computer({
      platform: 'darwin',
      env: { LANG: 'es_MX.UTF-8' },
      readers: platform,
      onUnreadable: (reason) => reasons.push(reason),
    });
    expect(await language.language()).toBe('es-MX');
    expect(reasons).toEqual(['spawn defaults ENOENT']);
  });

  it('gives up on a platform reader that does not answer within its deadline', async () => {
    const { readers: platform } = readers({ win32: () => new Promise<string[]>(() => undefined) });
    const reasons: string[] = [];
    const language = computer({
      platform: 'win32',
      env: { LANG: 'ko_KR.UTF-8' },
      readers: platform,
      deadlineMs: 50,
      onUnreadable: (reason) => reasons.push(reason),
    });
    expect(await language.language()).toBe('ko-KR');
    expect(reasons).toEqual(['no answer within 50 ms']);
  });

  it('ends with the runtime default, completed, when nothing else is usable', async () => {
    const { readers: platform } = readers({ darwin: async () => [] });
    const language = computer({
      platform: 'darwin',
      env: { LANG: 'C' },
      readers: platform,
      runtimeDefault: 'sv',
    });
    expect(await language.language()).toBe('sv-SE');
  });

  it('asks the platform once for the life of the process', async () => {
    const { readers: platform, asked } = readers({ darwin: async () => ['nl-NL'] });
    const language = computer({ platform: 'darwin', readers: platform });
    const answers = await Promise.all([language.language(), language.language()]);
    expect(await language.language()).toBe('nl-NL');
    expect(answers).toEqual(['nl-NL', 'nl-NL']);
    expect(asked).toEqual(['darwin']);
  });
});
