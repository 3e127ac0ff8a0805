import { type FormEvent, useId, useState } from 'react';
import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import './theme.css';
import './settings.css';

export type Props = {
  value: string;
  /** What an empty field gives. */
  defaultValue: string;
  onSave: (value: string) => void;
  onBack: () => void;
};

/** How the briefs and the answers in calls address you (the brief's `{form-of-address}`). */
export function FormOfAddressPage({ value, defaultValue, onSave, onBack }: Props) {
  const t = useText();
  const id = useId();
  const [text, setText] = useState(value);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(text.trim() || defaultValue);
    setText(text.trim() || defaultValue);
    setSaved(true);
  };
  return (
    <main className="rb-page">
      <BackHeader title={t('Form of address')} onBack={onBack} />
      <form className="rb-card" onSubmit={submit}>
        <div className="rb-field">
          <label className="rb-label" htmlFor={`${id}-form`}>
            {t('Form of address')}
          </label>
          <input
            id={`${id}-form`}
            className="rb-input"
            value={text}
            maxLength={60}
            placeholder={defaultValue}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              setSaved(false);
            }}
          />
          <p id={`${id}-hint`} className="rb-hint">
            {t(
              'Briefs, history and answers in calls call you this, as in “The tests pass, {name}.” Empty means “{default}”.',
              {
                name: text.trim() || defaultValue,
                default: defaultValue,
              },
            )}
          </p>
        </div>
        <div className="rb-form-actions">
          <button type="submit" className="rb-btn rb-btn--primary">
            {t('Save')}
          </button>
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
