import type { BriefLanguageReply } from '@ringback/protocol';
import { normalizeBriefLocale, resolveSystemLanguage } from '@ringback/protocol';
import type { DaemonConfig } from './daemon-config';

/**
 * The computer's preferred languages. On Linux the GNU `LANGUAGE` variable is the ordered
 * preference list (`de_DE:fr:en`); other systems expose theirs through the runtime default.
 */
function preferredSystemLanguages(env: NodeJS.ProcessEnv): string[] {
  return (env.LANGUAGE ?? '')
    .split(':')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

let runtimeDefaultLocale: string | undefined;

/** The runtime's default locale; fixed for the life of the process, and costly to ask for. */
function runtimeDefault(): string {
  runtimeDefaultLocale ??= Intl.DateTimeFormat().resolvedOptions().locale;
  return runtimeDefaultLocale;
}

/** The brief language in force: the one a client set, else the computer's. */
export function currentBriefLanguage(
  config: DaemonConfig,
  env: NodeJS.ProcessEnv = process.env,
): BriefLanguageReply {
  const chosen = config.brief?.language;
  const fromApp = typeof chosen === 'string' ? normalizeBriefLocale(chosen) : null;
  if (fromApp) return { language: fromApp, source: 'app' };
  return {
    language: resolveSystemLanguage({
      preferredLanguages: preferredSystemLanguages(env),
      env,
      runtimeDefault: runtimeDefault(),
    }),
    source: 'system',
  };
}
