import { type FormEvent, useId, useState } from 'react';
import { useText } from '../../i18n';
import { StatusLine } from '../StatusLine';
import { useAsyncStatus } from '../useAsyncStatus';
import type { Workspace } from './types';
import '../theme.css';
import '../settings.css';
import './tracker.css';

export type Props = {
  /** True when a token is saved and this form replaces it (a Cancel button appears). */
  replacing: boolean;
  onVerify: (token: string) => Promise<Workspace[]>;
  /** The token reached these workspaces (never empty); the page moves on to choosing. */
  onVerified: (token: string, workspaces: Workspace[]) => void;
  onCancel: () => void;
};

export const NO_WORKSPACES_TEXT =
  'This token reaches no workspaces. Join a workspace in Multica first, or use another token.';

/** Token entry: the daemon checks it against the tracker and answers with its workspaces. */
export function TokenForm({ replacing, onVerify, onVerified, onCancel }: Props) {
  const t = useText();
  const id = useId();
  const [token, setToken] = useState('');
  const verify = useAsyncStatus();
  const trimmed = token.trim();
  // Multica also takes other token kinds, so an odd prefix is only a hint, the tracker decides.
  const odd = trimmed !== '' && !trimmed.startsWith('mul_');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    const workspaces = await verify.run(() => onVerify(trimmed));
    if (!workspaces) return;
    if (workspaces.length === 0) {
      verify.setStatus({ state: 'error', message: NO_WORKSPACES_TEXT });
      return;
    }
    verify.reset();
    onVerified(trimmed, workspaces);
  }

  return (
    <form className="rb-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rb-section-title">
        {replacing ? t('Replace token') : t('Connect Multica')}
      </h2>
      <div className="rb-field">
        <label className="rb-label" htmlFor={`${id}-token`}>
          {t('API token')}
        </label>
        <input
          id={`${id}-token`}
          className="rb-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="mul_…"
          value={token}
          onChange={(e) => {
            setToken(e.target.value);
            verify.reset();
          }}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="rb-hint">
          {t(
            'Create a personal access token in Multica (your account settings, under API tokens). It starts with',
          )}{' '}
          <code>mul_</code> {t('and is kept only on your computer.')}
          {odd && t(' This one does not start with mul_; check that you copied the whole token.')}
        </p>
      </div>
      <div className="rb-form-actions">
        <button
          type="submit"
          className="rb-btn rb-btn--primary"
          disabled={!trimmed || verify.status.state === 'pending'}
        >
          {t('Verify')}
        </button>
        {replacing && (
          <button type="button" className="rb-btn" onClick={onCancel}>
            {t('Cancel')}
          </button>
        )}
        <StatusLine status={verify.status} pendingText={t('Checking the token with Multica…')} />
      </div>
    </form>
  );
}
