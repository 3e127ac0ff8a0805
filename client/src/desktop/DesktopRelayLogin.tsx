import { type FormEvent, useId, useState } from 'react';
import { useText } from '../i18n';
import { CommandText } from '../ui/CommandText';
import type { LoginProblem, LoginStep, RelayLogin } from './desktop-join';
import './desktop.css';

type Props = {
  login: LoginStep;
  onLogin(form: RelayLogin): void;
};

type Translate = (english: string, values?: Record<string, string>) => string;

/**
 * The daemon on this computer runs but is logged in to no relay (a first run): this computer is
 * connected to a relay from here, with no terminal. A relay address creates this computer's
 * account there (with the claim code, once a private relay asks for it); a pairing link joins an
 * account the user already has instead. Once logged in, the app pairs by itself.
 */
export function DesktopRelayLogin({ login, onLogin }: Props) {
  const t = useText();
  const id = useId();
  const [mode, setMode] = useState<RelayLogin['mode']>('create');
  const [server, setServer] = useState('');
  const [claimCode, setClaimCode] = useState('');
  const [link, setLink] = useState('');
  // The form last sent: its problem is not shown under the other form.
  const [sent, setSent] = useState<RelayLogin['mode']>('create');
  const { busy, claimCodeAsked } = login;
  const problem = sent === mode ? login.problem : undefined;
  const problemId = `${id}-problem`;
  const addressWrong = problem?.kind === 'no_address' || problem?.kind === 'bad_address';
  const codeWrong = problem?.kind === 'claim_code_required' || problem?.kind === 'invalid_claim_code';
  const linkWrong = problem && ['not_a_link', 'code_only', 'code_expired'].includes(problem.kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSent(mode);
    onLogin(
      mode === 'join'
        ? { mode, link }
        : { mode, server, ...(claimCodeAsked && claimCode.trim() ? { claimCode } : {}) },
    );
  };

  return (
    <section className="rb-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rb-section-title">
        {t('Connect this computer to a relay')}
      </h2>
      <p className="rb-hint rb-desktop-login-lead">
        {mode === 'create' ? (
          t('Give the address of your relay: this computer’s account is made there.')
        ) : (
          <CommandText
            text={t(
              'Join an account you already use on another computer. Make a pairing link there with `ringback pair` and paste it here.',
            )}
          />
        )}
      </p>
      <form onSubmit={submit} noValidate>
        {mode === 'create' ? (
          <>
            <div className="rb-field">
              <label className="rb-label" htmlFor={`${id}-server`}>
                {t('Relay address')}
              </label>
              <input
                id={`${id}-server`}
                className="rb-input"
                type="text"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                autoCapitalize="off"
                placeholder="https://relay.example.com"
                value={server}
                onChange={(event) => setServer(event.target.value)}
                aria-invalid={addressWrong || problem?.kind === 'unreachable' ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
                disabled={busy}
              />
            </div>
            {claimCodeAsked && (
              <div className="rb-field">
                <label className="rb-label" htmlFor={`${id}-claim`}>
                  {t('Claim code')}
                </label>
                <input
                  id={`${id}-claim`}
                  className="rb-input rb-desktop-claim-input"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="off"
                  value={claimCode}
                  onChange={(event) => setClaimCode(event.target.value)}
                  aria-invalid={codeWrong ? true : undefined}
                  aria-describedby={`${id}-claim-hint${problem ? ` ${problemId}` : ''}`}
                  disabled={busy}
                />
                <p id={`${id}-claim-hint`} className="rb-hint">
                  {t('A private relay prints it in its log when it starts, until its first account is made.')}
                </p>
              </div>
            )}
          </>
        ) : (
          <div className="rb-field">
            <label className="rb-label" htmlFor={`${id}-link`}>
              {t('Pairing link')}
            </label>
            <textarea
              id={`${id}-link`}
              className="rb-textarea rb-link-input"
              spellCheck={false}
              autoCapitalize="off"
              placeholder="ringback://pair?server=…&code=…&key=…"
              value={link}
              onChange={(event) => setLink(event.target.value)}
              aria-invalid={linkWrong ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              disabled={busy}
            />
          </div>
        )}
        <p id={problemId} role="alert" className="rb-error">
          {problem ? <CommandText text={problemText(problem, t)} /> : ''}
        </p>
        <div className="rb-actions">
          <button type="submit" className="rb-btn rb-btn--primary" disabled={busy}>
            {busy ? t('Connecting…') : mode === 'create' ? t('Connect') : t('Join the account')}
          </button>
        </div>
      </form>
      <p className="rb-hint rb-desktop-login-switch">
        {mode === 'create' ? t('Already use Ringback on another computer?') : t('New to Ringback?')}{' '}
        <button
          type="button"
          className="rb-desktop-link-btn"
          onClick={() => setMode(mode === 'create' ? 'join' : 'create')}
          disabled={busy}
        >
          {mode === 'create' ? t('Join with a pairing link') : t('Connect to a relay instead')}
        </button>
      </p>
    </section>
  );
}

function problemText(problem: { kind: LoginProblem; message: string }, t: Translate): string {
  const { message } = problem;
  switch (problem.kind) {
    case 'no_address':
      return t('Give the address of your relay.');
    case 'bad_address':
      return t('This is not a relay address: give one like https://relay.example.com.');
    case 'unreachable':
      return t(
        'Could not connect to a relay at this address: check it, and that the relay is running. ({message})',
        { message },
      );
    case 'claim_code_required':
      return t('This relay is private and has no owner yet: give its claim code to become its owner.');
    case 'invalid_claim_code':
      return t('This is not the relay’s claim code: copy it again from the relay’s log.');
    case 'signup_closed':
      return t(
        'This relay already has its owner. To use their account, join it with a pairing link from one of its computers.',
      );
    case 'code_only':
      return t(
        'A code alone is not enough here: paste the whole pairing link, which also brings the account’s end-to-end key.',
      );
    case 'not_a_link':
      return t('This is not a Ringback pairing link (ringback://pair?…): copy the whole link.');
    case 'code_expired':
      return t('This pairing link was used already or has expired: make a new one with `ringback pair`.');
    case 'too_many_attempts':
      return t('The relay refuses for a while after too many wrong codes: {message}', { message });
    default:
      return t('Could not connect this computer: {message}', { message });
  }
}
