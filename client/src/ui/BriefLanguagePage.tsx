import { useId, useState } from 'react';
import { type Translate, useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { ChoiceList } from './ChoiceList';
import './theme.css';
import './settings.css';

/** The value of the "follow the system" choice. */
export const FOLLOW_SYSTEM = 'system';

export type BriefLanguageWriteState =
  | { state: 'idle' | 'writing' | 'written' }
  | { state: 'waiting' | 'refused'; reason: string };

export type Props = {
  /** The 90 brief locales with their names in the interface language, in display order. */
  locales: { tag: string; name: string }[];
  /** The chosen locale, or null to follow the system. */
  selected: string | null;
  /** What following the system gives now, by name. */
  systemName: string;
  /** How writing it to the computer went. */
  write: BriefLanguageWriteState;
  onSelect: (tag: string | null) => void;
  onBack: () => void;
};

function writeWords(write: BriefLanguageWriteState, t: Translate): string | null {
  switch (write.state) {
    case 'writing':
      return t('Writing it to your computer…');
    case 'written':
      return t('Your computer writes briefs in this language.');
    case 'waiting':
      return t('Not on your computer yet ({reason}); trying again every 30 s.', { reason: write.reason });
    case 'refused':
      return t('Your computer refused it: {reason}', { reason: write.reason });
    default:
      return null;
  }
}

/** The language briefs are written and spoken in: the system's, or one of the 90 locales. */
export function BriefLanguagePage({ locales, selected, systemName, write, onSelect, onBack }: Props) {
  const t = useText();
  const id = useId();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = locales.filter(
    (locale) =>
      !needle || locale.name.toLowerCase().includes(needle) || locale.tag.toLowerCase().includes(needle),
  );
  const words = writeWords(write, t);
  const choices = [
    ...(needle ? [] : [{ value: FOLLOW_SYSTEM, label: t('Follow the system'), detail: systemName }]),
    ...shown.map((locale) => ({ value: locale.tag, label: locale.name, detail: locale.tag })),
  ];
  return (
    <main className="rb-page">
      <BackHeader title={t('Brief language')} onBack={onBack} />
      <p className="rb-hint rb-gap-bottom">
        {t('Briefs are written by your model and spoken in this language. Your computer is told at once.')}
      </p>
      {words && (
        <p className={`${write.state === 'refused' ? 'rb-error' : 'rb-hint'} rb-gap-bottom`} role="status">
          {words}
        </p>
      )}
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-search`}>
          {t('Search languages')}
        </label>
        <input
          id={`${id}-search`}
          className="rb-input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {choices.length === 0 ? (
        <p className="rb-empty">{t('No language matches “{query}”.', { query })}</p>
      ) : (
        <ChoiceList
          label={t('Brief language')}
          choices={choices}
          selected={selected ?? FOLLOW_SYSTEM}
          onSelect={(value) => onSelect(value === FOLLOW_SYSTEM ? null : value)}
        />
      )}
    </main>
  );
}
