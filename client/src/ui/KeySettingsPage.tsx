import { type FormEvent, useId, useState } from 'react';
import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { MIN_PASSPHRASE_LENGTH } from './pairCodeValidation';
import { SaveRow } from './SaveRow';
import { TextField } from './TextField';
import { useAsyncStatus } from './useAsyncStatus';
import './theme.css';
import './settings.css';

export type Props = {
  /** Derives the key on the device and replaces the computer's key through the relay. */
  onSave: (passphrase: string) => Promise<void>;
  onBack: () => void;
  hasKey: boolean;
};

/** End-to-end key: one passphrase in; the derived key and its keyId are never shown. */
export function KeySettingsPage({ onSave, onBack, hasKey }: Props) {
  const t = useText();
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const save = useAsyncStatus();
  const long = passphrase.length >= MIN_PASSPHRASE_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!long) return;
    await save.run(() => onSave(passphrase), t('Saved. Reports are now encrypted with the new key.'));
    setPassphrase('');
  }

  return (
    <main className="rb-page">
      <BackHeader title={t('End-to-end key')} onBack={onBack} />
      <form className="rb-card" onSubmit={submit} noValidate>
        <p className="rb-hint rb-gap-bottom">
          {t(
            'Reports and replies are encrypted with a key made from this passphrase, on this device. Use the same passphrase on every device; the key on your computer is replaced too.',
          )}{' '}
          {hasKey ? t('A key is set.') : t('No key is set yet.')}
        </p>
        <TextField
          label="Passphrase"
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(typed) => {
            setPassphrase(typed);
            save.reset();
          }}
          aria-describedby={`${id}-count`}
        >
          <p id={`${id}-count`} className={long || !passphrase ? 'rb-hint' : 'rb-error'} aria-live="polite">
            {t('{count} of at least {min} characters', {
              count: passphrase.length,
              min: MIN_PASSPHRASE_LENGTH,
            })}
          </p>
        </TextField>
        <SaveRow label="Save" status={save.status} disabled={!long} />
      </form>
    </main>
  );
}
