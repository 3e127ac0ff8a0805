import { type FormEvent, useState } from 'react';
import { useText } from '../../i18n';
import { errorText } from '../useAsyncStatus';

export type Props = {
  name: string;
  onRename: (name: string) => Promise<void> | void;
  onDone: () => void;
};

/** Inline rename of one custom tone; Esc or Cancel keeps the old name. */
export function RenameToneForm({ name, onRename, onDone }: Props) {
  const t = useText();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setError(t('A tone needs a name.'));
      return;
    }
    setPending(true);
    try {
      await onRename(value.trim());
      onDone();
    } catch (caught) {
      setError(errorText(caught));
      setPending(false);
    }
  }

  return (
    <form className="rb-tone-rename" onSubmit={submit} noValidate>
      <div className="rb-inline">
        <input
          className="rb-input"
          aria-label={t('New name for {name}', { name })}
          value={value}
          maxLength={80}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this tone
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
        <button type="submit" className="rb-btn rb-btn--primary" disabled={pending}>
          {t('Save')}
        </button>
        <button type="button" className="rb-btn" onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
      {error && (
        <p role="alert" className="rb-error">
          {error}
        </p>
      )}
    </form>
  );
}
