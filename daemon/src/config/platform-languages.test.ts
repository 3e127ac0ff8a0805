import { describe, expect, it } from 'vitest';
import {
  type LanguageCommandRunner,
  parseAppleLanguages,
  parseRegistryValue,
  readMacLanguages,
  readWindowsLanguages,
} from './platform-languages';

/** Answers each command line from a table; a line not in it fails as a missing default would. */
function runner(table: Record<string, string>) {
  const asked: string[] = [];
  const run: LanguageCommandRunner = async (command, args) => {
    const line = [command, ...args].join(' ');
    asked.push(line);
    if (line in table) return table[line] as string;
    throw new Error(`${line}: exit 1`);
  };
  return { run, asked };
}

const WINDOWS = {
  desktop: 'reg query HKCU\\Control Panel\\Desktop /v PreferredUILanguages',
  profile: 'reg query HKCU\\Control Panel\\International\\User Profile /v Languages',
  locale: 'reg query HKCU\\Control Panel\\International /v LocaleName',
};

describe('macOS preferred languages', () => {
  it('parses `defaults read -g AppleLanguages`, quoted or not', () => {
    expect(parseAppleLanguages('(\n    "en-GB",\n    fr,\n    "zh-Hans-CN"\n)\n')).toEqual([
      'en-GB',
      'fr',
      'zh-Hans-CN',
    ]);
    expect(parseAppleLanguages('(\n)\n')).toEqual([]);
  });

  it('reads AppleLanguages, then AppleLocale, a bare language taking the locale’s region', async () => {
    const { run, asked } = runner({
      'defaults read -g AppleLanguages': '(\n    en,\n    "fr-FR"\n)\n',
      'defaults read -g AppleLocale': 'en_AU@rg=gbzzzz\n',
    });
    expect(await readMacLanguages(run)).toEqual(['en-AU', 'fr-FR', 'en_AU@rg=gbzzzz']);
    expect(asked.sort()).toEqual(['defaults read -g AppleLanguages', 'defaults read -g AppleLocale']);
  });

  it('keeps what one default gives when the other is not set', async () => {
    const { run } = runner({ 'defaults read -g AppleLocale': 'de_CH\n' });
    expect(await readMacLanguages(run)).toEqual(['de_CH']);
  });

  it('fails when neither default can be read, so the caller falls through', async () => {
    await expect(readMacLanguages(runner({}).run)).rejects.toThrow('AppleLanguages');
  });
});

describe('Windows preferred languages', () => {
  it('parses a REG_SZ and a REG_MULTI_SZ value of `reg query`', () => {
    expect(
      parseRegistryValue(
        '\r\nHKEY_CURRENT_USER\\Control Panel\\International\\User Profile\r\n    Languages    REG_MULTI_SZ    en-GB\\0fr-FR\r\n\r\n',
      ),
    ).toEqual(['en-GB', 'fr-FR']);
    expect(
      parseRegistryValue(
        '\r\nHKEY_CURRENT_USER\\Control Panel\\International\r\n    LocaleName    REG_SZ    de-AT\r\n\r\n',
      ),
    ).toEqual(['de-AT']);
    expect(parseRegistryValue('garbage')).toEqual([]);
  });

  it('reads the UI language chosen, then the language list, then the regional locale', async () => {
    const { run } = runner({
      [WINDOWS.desktop]:
        '\r\nHKEY_CURRENT_USER\\Control Panel\\Desktop\r\n    PreferredUILanguages    REG_MULTI_SZ    pl-PL\r\n',
      [WINDOWS.profile]:
        '\r\nHKEY_CURRENT_USER\\Control Panel\\International\\User Profile\r\n    Languages    REG_MULTI_SZ    en-US\\0pl-PL\r\n',
      [WINDOWS.locale]:
        '\r\nHKEY_CURRENT_USER\\Control Panel\\International\r\n    LocaleName    REG_SZ    pl-PL\r\n',
    });
    expect(await readWindowsLanguages(run)).toEqual(['pl-PL', 'en-US', 'pl-PL', 'pl-PL']);
  });

  it('without a chosen UI language (the usual case) starts with the language list', async () => {
    const { run } = runner({
      [WINDOWS.profile]:
        '\r\nHKEY_CURRENT_USER\\Control Panel\\International\\User Profile\r\n    Languages    REG_MULTI_SZ    it-IT\\0en-GB\r\n',
    });
    expect(await readWindowsLanguages(run)).toEqual(['it-IT', 'en-GB']);
  });

  it('fails when no value can be read, so the caller falls through', async () => {
    await expect(readWindowsLanguages(runner({}).run)).rejects.toThrow('reg query');
  });
});
