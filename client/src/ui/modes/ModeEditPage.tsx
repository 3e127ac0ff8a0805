import type { Mode, ModeRule, TimeRange, Weekday } from '@ringback/machines';
import { type FormEvent, useId, useState } from 'react';
import { useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import '../theme.css';
import '../settings.css';
import '../choices.css';
import './modes.css';

export type Props = {
  mode: Mode;
  /** A mode not saved yet has no Delete. */
  isNew: boolean;
  /** Null when saved; else why not, in words (such as the modes' days overlapping). */
  onSave: (mode: Mode) => string | null;
  onDelete: (id: string) => void;
  onBack: () => void;
};

/** Monday first, as a week reads. */
const DAYS: { day: Weekday; label: string }[] = [
  { day: 1, label: 'Mon' },
  { day: 2, label: 'Tue' },
  { day: 3, label: 'Wed' },
  { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' },
  { day: 6, label: 'Sat' },
  { day: 0, label: 'Sun' },
];

/** One mode: its name, time ranges (a range may cross midnight), weekdays and rule. */
export function ModeEditPage({ mode, isNew, onSave, onDelete, onBack }: Props) {
  const t = useText();
  const id = useId();
  const [name, setName] = useState(mode.name);
  const [ranges, setRanges] = useState<TimeRange[]>(mode.ranges);
  const [weekdays, setWeekdays] = useState<Weekday[]>(mode.weekdays);
  const [rule, setRule] = useState<ModeRule>(mode.rule);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const setRange = (index: number, patch: Partial<TimeRange>) =>
    setRanges((current) => current.map((range, i) => (i === index ? { ...range, ...patch } : range)));
  const toggleDay = (day: Weekday) =>
    setWeekdays((current) =>
      current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort((a, b) => a - b),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('Give the mode a name.'));
    if (weekdays.length === 0) return setProblem(t('Choose at least one day.'));
    if (ranges.length === 0) return setProblem(t('Add at least one time range.'));
    const refusal = onSave({ ...mode, name: name.trim(), ranges, weekdays, rule });
    setProblem(refusal);
    setSaved(refusal === null);
  };

  return (
    <main className="rb-page">
      <BackHeader title={isNew ? t('New mode') : mode.name} onBack={onBack} />
      <form className="rb-card" onSubmit={submit} noValidate onChange={() => setSaved(false)}>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-name`}>
            {t('Name')}
          </label>
          <input
            id={`${id}-name`}
            className="rb-input"
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <fieldset className="rb-field rb-chip-row">
          <legend className="rb-label">{t('Days')}</legend>
          {DAYS.map(({ day, label }) => (
            <label key={day} className="rb-chip">
              <input type="checkbox" checked={weekdays.includes(day)} onChange={() => toggleDay(day)} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <fieldset className="rb-field">
          <legend className="rb-label">{t('Times (a range may cross midnight, like 22:00 to 08:00)')}</legend>
          {ranges.map((range, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: ranges are edited in place by position
            <div key={index} className="rb-range-row">
              <input
                className="rb-input"
                type="time"
                aria-label={t('Range {n} from', { n: index + 1 })}
                value={range.start}
                onChange={(event) => setRange(index, { start: event.target.value })}
              />
              <span aria-hidden="true">{t('to')}</span>
              <input
                className="rb-input"
                type="time"
                aria-label={t('Range {n} to', { n: index + 1 })}
                value={range.end === '24:00' ? '00:00' : range.end}
                onChange={(event) => setRange(index, { end: event.target.value })}
              />
              {ranges.length > 1 && (
                <button
                  type="button"
                  className="rb-btn rb-btn--small"
                  aria-label={t('Remove range {n}', { n: index + 1 })}
                  onClick={() => setRanges((current) => current.filter((_, i) => i !== index))}
                >
                  {t('Remove')}
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            className="rb-btn rb-btn--small"
            onClick={() => setRanges((current) => [...current, { start: '09:00', end: '17:00' }])}
          >
            {t('Add a time range')}
          </button>
        </fieldset>
        <fieldset className="rb-field">
          <legend className="rb-label">{t('Within these times')}</legend>
          <label className="rb-choice">
            <input
              type="radio"
              name={`${id}-rule`}
              checked={rule === 'ringWithin'}
              onChange={() => setRule('ringWithin')}
            />
            {t('Ring only within these times')}
          </label>
          <label className="rb-choice">
            <input
              type="radio"
              name={`${id}-rule`}
              checked={rule === 'silentWithin'}
              onChange={() => setRule('silentWithin')}
            />
            {t('Do not ring within these times')}
          </label>
        </fieldset>
        {problem && (
          <p className="rb-error" role="alert">
            {t(problem)}
          </p>
        )}
        <div className="rb-form-actions">
          <button type="submit" className="rb-btn rb-btn--primary">
            {t('Save')}
          </button>
          {!isNew && (
            <button type="button" className="rb-btn rb-danger-text" onClick={() => onDelete(mode.id)}>
              {t('Delete')}
            </button>
          )}
          {saved && (
            <span className="rb-hint" role="status">
              {t('Saved.')}
            </span>
          )}
        </div>
      </form>
    </main>
  );
}
