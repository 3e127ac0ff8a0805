import { useEffect, useRef } from 'react';
import { briefLanguageOf } from './brief-language';
import { type BriefLanguageStatus, createBriefLanguageSync } from './brief-language-sync';
import { observable } from './session/observable';
import { useSession } from './session-context';
import { useComputer } from './settings/use-computer';

/** How the last write of the brief language to the computer went, for the brief language page. */
export const briefLanguageStatus = observable<BriefLanguageStatus>({ state: 'idle' });

/**
 * Writes the brief language to the computer (sealed through the relay) when the app starts and
 * whenever it changes, so the briefs are written in the language the calls are spoken in.
 */
export function BriefLanguageSync() {
  const { settings } = useSession();
  const computer = useComputer();
  const latest = useRef(computer);
  latest.current = computer;
  const sync = useRef<ReturnType<typeof createBriefLanguageSync> | null>(null);
  useEffect(() => {
    const created = createBriefLanguageSync({
      write: async (language) => {
        await latest.current('PUT', '/brief/language', { language });
      },
      onStatus: (status) => briefLanguageStatus.set(() => status),
    });
    sync.current = created;
    return () => created.stop();
  }, []);
  const language = briefLanguageOf(settings);
  useEffect(() => {
    sync.current?.set(language);
  }, [language]);
  return null;
}
