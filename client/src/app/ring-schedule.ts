import type { Mode } from '@ringback/machines';
import type { Translate } from '../i18n';
import { loadModes, saveModes } from '../storage';
import { store } from './services';
import { observable } from './session/observable';

/** The ring schedule's modes as saved on this device; the driver and the pages watch it. */
export const modes = observable<Mode[]>(loadModes(store));

export function setModes(next: Mode[]): void {
  saveModes(store, next);
  modes.set(() => next);
}

/** What the schedule says now, for the pages: may calls ring, and until when. */
export const ringVerdictNow = observable<{ mayRing: boolean; nextChangeAt: number | null }>({
  mayRing: true,
  nextChangeAt: null,
});

const DAY_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** "Calls ring now" / "Silent now, until Tue 08:00". */
export function verdictText(
  verdict: { mayRing: boolean; nextChangeAt: number | null },
  t: Translate = (english, values) => english.replace('{time}', String(values?.time ?? '')),
): string {
  if (verdict.nextChangeAt === null)
    return verdict.mayRing ? t('Calls ring now') : t('Silent now: calls wait as missed');
  const time = DAY_TIME.format(verdict.nextChangeAt);
  return verdict.mayRing
    ? t('Calls ring now, until {time}', { time })
    : t('Silent now, until {time}: calls wait as missed', { time });
}
