import { type FormEvent, useId, useState } from 'react';
import { useText } from '../i18n';
import {
  MIN_PASSPHRASE_LENGTH,
  type PairCodeErrors,
  type PairCodeValues,
  validatePairCode,
} from './pairCodeValidation';

export type Props = {
  defaultServer: string;
  busy: boolean;
  onPairCode: (values: PairCodeValues) => void;
};

/** Join with the server address, the 6-digit code shown on the computer and the shared passphrase. */
export function PairCodeForm({ defaultServer, busy, onPairCode }: Props) {
  const t = useText();
  const [server, setServer] = useState(defaultServer);
  const [code, setCode] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [errors, setErrors] = useState<PairCodeErrors>({});
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = { server: server.trim(), code: code.replace(/\s/g, ''), passphrase };
    const found = validatePairCode(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onPairCode(values);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('Join with a code')}>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-server`}>
          {t('Server address')}
        </label>
        <input
          id={`${id}-server`}
          className="rb-input"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={server}
          onChange={(e) => setServer(e.target.value)}
          aria-invalid={errors.server ? true : undefined}
          aria-describedby={errors.server ? `${id}-server-err` : undefined}
        />
        {errors.server && (
          <p id={`${id}-server-err`} className="rb-error">
            {t(errors.server)}
          </p>
        )}
      </div>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-code`}>
          {t('6-digit code')}
        </label>
        <input
          id={`${id}-code`}
          className="rb-input rb-code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? `${id}-code-err` : undefined}
        />
        {errors.code && (
          <p id={`${id}-code-err`} className="rb-error">
            {t(errors.code)}
          </p>
        )}
      </div>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-pass`}>
          {t('Passphrase')}
        </label>
        <input
          id={`${id}-pass`}
          className="rb-input"
          type="password"
          autoComplete="current-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
          aria-invalid={errors.passphrase ? true : undefined}
          aria-describedby={`${id}-pass-hint`}
        />
        <p id={`${id}-pass-hint`} className={errors.passphrase ? 'rb-error' : 'rb-hint'}>
          {errors.passphrase
            ? t('The passphrase has at least {count} characters.', { count: MIN_PASSPHRASE_LENGTH })
            : t(
                'The same passphrase as on your computer (at least {count} characters). Your encryption key is derived from it on this device. {typed} typed.',
                { count: MIN_PASSPHRASE_LENGTH, typed: passphrase.length },
              )}
        </p>
      </div>
      <button type="submit" className="rb-btn rb-btn--primary rb-btn--block" disabled={busy}>
        {busy ? t('Joining…') : t('Join with code')}
      </button>
    </form>
  );
}
