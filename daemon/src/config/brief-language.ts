import type { BriefLanguageReply } from '@ringback/protocol';
import { normalizeBriefLocale } from '@ringback/protocol';
import type { ComputerLanguage } from './computer-language';
import type { DaemonConfig } from './daemon-config';

/** The brief language in force: the one a client set, else the computer's. */
export async function currentBriefLanguage(
  config: DaemonConfig,
  computer: ComputerLanguage,
): Promise<BriefLanguageReply> {
  const chosen = config.brief?.language;
  const fromApp = typeof chosen === 'string' ? normalizeBriefLocale(chosen) : null;
  if (fromApp) return { language: fromApp, source: 'app' };
  return { language: await computer.language(), source: 'system' };
}
