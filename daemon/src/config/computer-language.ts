import { resolveSystemLanguage } from '@ringback/protocol';
import {
  languageCommandRunner,
  type PlatformLanguageReaders,
  platformLanguageReaders,
} from './platform-languages';

/** `defaults` and `reg` answer in tens of milliseconds; past this the locale variables decide. */
export const PLATFORM_LANGUAGE_DEADLINE_MS = 2000;

export interface ComputerLanguageOptions {
  platform: NodeJS.Platform;
  /** The process environment: GNU `LANGUAGE`, then LC_ALL, LC_MESSAGES and LANG. */
  env: NodeJS.ProcessEnv;
  /** How macOS and Windows are asked; by default their own commands. */
  readers?: PlatformLanguageReaders;
  deadlineMs?: number;
  /** The runtime's default locale; by default `Intl`'s. */
  runtimeDefault?: string;
  /** The platform could not say (failed, or too slow): told once, with why. */
  onUnreadable?: (reason: string) => void;
}

let intlDefaultLocale: string | undefined;

/** The runtime's default locale; fixed for the life of the process, and costly to ask for. */
function intlDefault(): string {
  intlDefaultLocale ??= Intl.DateTimeFormat().resolvedOptions().locale;
  return intlDefaultLocale;
}

/** GNU `LANGUAGE`: the ordered preference list of Linux desktops (`de_DE:fr:en`). */
function gnuLanguages(env: NodeJS.ProcessEnv): string[] {
  return (env.LANGUAGE ?? '')
    .split(':')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/**
 * The language of this computer, which the brief follows when no app has set one: the platform's
 * preferred languages (macOS AppleLanguages and AppleLocale, Windows the user's UI language and
 * language list, elsewhere GNU `LANGUAGE`), then the locale variables, then the runtime default,
 * the first usable one completed to language-region form. The platform is asked once per
 * process, with a deadline; a failure or a slow answer falls through to the variables.
 */
export class ComputerLanguage {
  readonly #options: ComputerLanguageOptions;
  #preferred: Promise<string[]> | undefined;

  constructor(options: ComputerLanguageOptions) {
    this.#options = options;
  }

  /** Starts asking the platform, so that the first brief does not wait for it. */
  warm(): void {
    void this.preferredLanguages();
  }

  preferredLanguages(): Promise<string[]> {
    this.#preferred ??= this.#readPreferred();
    return this.#preferred;
  }

  async language(): Promise<string> {
    return resolveSystemLanguage({
      preferredLanguages: await this.preferredLanguages(),
      env: this.#options.env,
      runtimeDefault: this.#options.runtimeDefault ?? intlDefault(),
    });
  }

  async #readPreferred(): Promise<string[]> {
    const { platform, env } = this.#options;
    if (platform !== 'darwin' && platform !== 'win32') return gnuLanguages(env);
    const deadlineMs = this.#options.deadlineMs ?? PLATFORM_LANGUAGE_DEADLINE_MS;
    const readers = this.#options.readers ?? platformLanguageReaders(languageCommandRunner(deadlineMs));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
      timer.unref();
    });
    try {
      return await Promise.race([readers[platform](), deadline]);
    } catch (error) {
      this.#options.onUnreadable?.(error instanceof Error ? error.message : String(error));
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
