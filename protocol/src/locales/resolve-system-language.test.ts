import { describe, expect, it } from 'vitest';
import { resolveSystemLanguage } from './resolve-system-language';

describe('resolveSystemLanguage', () => {
  it('takes the first preferred language that is usable, before the environment', () => {
    expect(
      resolveSystemLanguage({
        preferredLanguages: ['eo', 'zh-Hant', 'fr-FR'],
        env: { LANG: 'de_DE.UTF-8' },
        runtimeDefault: 'ja-JP',
      }),
    ).toBe('zh-TW');
  });

  it('reads LC_ALL before LC_MESSAGES before LANG', () => {
    const env = { LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'it_IT.UTF-8', LANG: 'de_DE.UTF-8' };
    expect(resolveSystemLanguage({ env })).toBe('fr-FR');
    expect(resolveSystemLanguage({ env: { ...env, LC_ALL: undefined } })).toBe('it-IT');
    expect(resolveSystemLanguage({ env: { ...env, LC_ALL: '', LC_MESSAGES: '' } })).toBe('de-DE');
  });

  it('lets C, POSIX and languages without a voice fall through to the next candidate', () => {
    expect(
      resolveSystemLanguage({ env: { LC_ALL: 'C.UTF-8', LC_MESSAGES: 'POSIX', LANG: 'pt_PT.UTF-8' } }),
    ).toBe('pt-PT');
    expect(resolveSystemLanguage({ preferredLanguages: ['eo', 'C'], env: { LANG: 'ko_KR.UTF-8' } })).toBe(
      'ko-KR',
    );
  });

  it('uses the runtime default after the environment', () => {
    expect(resolveSystemLanguage({ env: { LANG: 'C' }, runtimeDefault: 'es-MX' })).toBe('es-MX');
    expect(resolveSystemLanguage({ runtimeDefault: 'pt' })).toBe('pt-BR');
  });

  it('falls back to en-US when nothing is usable', () => {
    expect(resolveSystemLanguage({})).toBe('en-US');
    expect(
      resolveSystemLanguage({
        preferredLanguages: ['', 'eo'],
        env: { LC_ALL: 'C', LANG: 'POSIX' },
        runtimeDefault: 'und',
      }),
    ).toBe('en-US');
  });
});
