import { execFile } from 'node:child_process';

/** Runs one program (no shell) and resolves with what it printed; rejects when it did not succeed. */
export type LanguageCommandRunner = (command: string, args: string[]) => Promise<string>;

/** How macOS and Windows give the user's preferred languages, most preferred first (raw tags). */
export interface PlatformLanguageReaders {
  darwin(): Promise<string[]>;
  win32(): Promise<string[]>;
}

/** A runner whose commands are killed after `timeoutMs`: a language is never worth a long wait. */
export function languageCommandRunner(timeoutMs: number): LanguageCommandRunner {
  return (command, args) =>
    new Promise((resolve, reject) => {
      execFile(
        command,
        args,
        { encoding: 'utf8', timeout: timeoutMs, windowsHide: true },
        (error, stdout) => {
          if (error) reject(new Error(`\`${[command, ...args].join(' ')}\` failed: ${error.message}`));
          else resolve(stdout);
        },
      );
    });
}

export function platformLanguageReaders(run: LanguageCommandRunner): PlatformLanguageReaders {
  return { darwin: () => readMacLanguages(run), win32: () => readWindowsLanguages(run) };
}

/** `defaults read -g AppleLanguages` prints an old-style plist array: `(\n    "en-GB",\n    fr\n)`. */
export function parseAppleLanguages(text: string): string[] {
  return text
    .replace(/^\s*\(/, '')
    .replace(/\)\s*$/, '')
    .split(/[,\n]/)
    .map((item) => item.trim().replace(/^"(.*)"$/, '$1'))
    .filter((item) => item !== '');
}

/** `ll_CC@modifiers` (an AppleLocale, a POSIX name) as an `Intl.Locale`, or null. */
function localeOf(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag.trim().split(/[.@]/, 1)[0]?.replaceAll('_', '-') ?? '');
  } catch {
    return null;
  }
}

/**
 * A language without a region (macOS lists "English" as `en`) takes the region of the user's
 * format locale when that is the same language: `en` with AppleLocale `en_AU` is `en-AU`.
 */
function withLocaleRegion(tag: string, locale: Intl.Locale | null): string {
  const language = localeOf(tag);
  if (!language || language.region || !locale?.region || language.language !== locale.language) return tag;
  return `${tag}-${locale.region}`;
}

/**
 * macOS: the ordered list of System Settings › Language & Region (`AppleLanguages`), then the
 * format locale (`AppleLocale`). Rejects only when neither can be read.
 */
export async function readMacLanguages(run: LanguageCommandRunner): Promise<string[]> {
  const [languages, locale] = await Promise.allSettled([
    run('defaults', ['read', '-g', 'AppleLanguages']),
    run('defaults', ['read', '-g', 'AppleLocale']),
  ]);
  if (languages.status === 'rejected' && locale.status === 'rejected')
    throw new Error(`${reason(languages.reason)}; ${reason(locale.reason)}`);
  const localeTag = locale.status === 'fulfilled' ? locale.value.trim() : '';
  const formatLocale = localeTag ? localeOf(localeTag) : null;
  const preferred =
    languages.status === 'fulfilled'
      ? parseAppleLanguages(languages.value).map((tag) => withLocaleRegion(tag, formatLocale))
      : [];
  return localeTag ? [...preferred, localeTag] : preferred;
}

/**
 * The data of the one value `reg query … /v Name` printed: a REG_SZ is one tag, a REG_MULTI_SZ
 * is printed with literal `\0` between its strings.
 */
export function parseRegistryValue(text: string): string[] {
  const value = /^\s+\S+\s+REG_(?:MULTI_)?SZ\s+(.*?)\s*$/m.exec(text)?.[1] ?? '';
  return value
    .split('\\0')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Where Windows keeps the user's languages, read with `reg.exe` (no PowerShell start-up to wait for). */
const WINDOWS_VALUES: readonly [key: string, value: string][] = [
  // The display language the user chose, when it differs from the one Windows was installed with.
  ['HKCU\\Control Panel\\Desktop', 'PreferredUILanguages'],
  // Settings › Time & language › Language: the ordered list, the display language first.
  ['HKCU\\Control Panel\\International\\User Profile', 'Languages'],
  // The regional format, the last word as AppleLocale is on macOS.
  ['HKCU\\Control Panel\\International', 'LocaleName'],
];

/** Windows: the user's UI language, then their language list, then their regional format. */
export async function readWindowsLanguages(run: LanguageCommandRunner): Promise<string[]> {
  const results = await Promise.allSettled(
    WINDOWS_VALUES.map(([key, value]) => run('reg', ['query', key, '/v', value])),
  );
  if (results.every((result) => result.status === 'rejected'))
    throw new Error(results.map((result) => reason((result as PromiseRejectedResult).reason)).join('; '));
  return results.flatMap((result) => (result.status === 'fulfilled' ? parseRegistryValue(result.value) : []));
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
