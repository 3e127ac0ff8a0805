import { useId } from 'react';
import { useText } from '../i18n';
import { AppHero } from '../ui/AppHero';
import { CommandText } from '../ui/CommandText';
import { DesktopRelayLogin } from './DesktopRelayLogin';
import type { InstallStep, JoinView, RelayLogin } from './desktop-join';
import '../ui/theme.css';
import '../ui/welcome.css';

export type Props = {
  view: JoinView;
  /** Joining with the daemon's offer is under way. */
  joining: boolean;
  /** Why joining failed, or why this computer was signed out; shown above everything. */
  error?: string;
  onRetry(): void;
  /** With the error: reads the saved pairing again (a keychain that was locked may be open now). */
  onReadAgain?: () => void;
  onInstall(): void;
  /** Logs the daemon in to a relay (it runs but is logged in to none); it pairs at once after. */
  onLogin(form: RelayLogin): void;
};

/**
 * The desktop app's first page: it joins through the daemon on this computer by itself. What is
 * shown is only what stands in the way: the daemon not running (with the login service offered),
 * the daemon logged in to no relay (with a form to connect it to one), or the daemon refusing.
 */
export function DesktopJoinPage({ view, joining, error, onRetry, onReadAgain, onInstall, onLogin }: Props) {
  const t = useText();
  const id = useId();
  const { step } = view;
  const working = joining || step.kind === 'asking' || (step.kind === 'offered' && !error);
  return (
    <main className="rb-page rb-welcome">
      <AppHero>
        <p className="rb-welcome-lead" aria-live="polite">
          {working
            ? t('Joining the Ringback account of this computer…')
            : step.kind === 'login' && !error
              ? t(
                  'Ringback runs on this computer but is not connected to a relay yet: calls reach you through one.',
                )
              : t('The desktop app joins the Ringback account of this computer by itself.')}
        </p>
      </AppHero>
      {error && (
        <section className="rb-card">
          <p role="alert" className="rb-notice rb-notice--error">
            {error}
          </p>
          <div className="rb-actions">
            {onReadAgain && (
              <button
                type="button"
                className="rb-btn rb-btn--primary"
                onClick={onReadAgain}
                disabled={working}
              >
                {t('Try again')}
              </button>
            )}
            <button
              type="button"
              className={onReadAgain ? 'rb-btn' : 'rb-btn rb-btn--primary'}
              onClick={onRetry}
              disabled={working}
            >
              {t('Join again')}
            </button>
          </div>
        </section>
      )}
      {!error && step.kind === 'missing' && (
        <section className="rb-card" aria-labelledby={`${id}-missing`}>
          <h2 id={`${id}-missing`} className="rb-section-title">
            {t('Ringback is not running on this computer')}
          </h2>
          <p className="rb-hint">
            <CommandText
              text={t(
                'The app joins through the Ringback daemon on this computer, which is not running. Start it with `ringback up`, or let it start whenever you log in.',
              )}
            />
          </p>
          <div className="rb-actions rb-actions--split">
            <button
              type="button"
              className="rb-btn rb-btn--primary"
              onClick={onInstall}
              disabled={view.install.kind === 'busy'}
            >
              {t('Start Ringback at login')}
            </button>
            <button type="button" className="rb-btn" onClick={onRetry}>
              {t('Retry now')}
            </button>
          </div>
          <InstallStatus install={view.install} />
          <p className="rb-hint rb-gap-top">{t('Trying again every 30 seconds.')}</p>
        </section>
      )}
      {!error && step.kind === 'login' && <DesktopRelayLogin login={step.login} onLogin={onLogin} />}
      {!error && step.kind === 'refused' && (
        <section className="rb-card" aria-labelledby={`${id}-refused`}>
          <h2 id={`${id}-refused`} className="rb-section-title">
            {t('The daemon on this computer refused to pair')}
          </h2>
          <p role="alert" className="rb-error">
            {step.message}
          </p>
          <div className="rb-actions">
            <button type="button" className="rb-btn" onClick={onRetry}>
              {t('Try again')}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}

/** What installing the login service did, in words; always there so a screen reader hears it. */
function InstallStatus({ install }: { install: InstallStep }) {
  const t = useText();
  const text =
    install.kind === 'busy'
      ? t('Installing the login service…')
      : install.kind === 'installed'
        ? t('Installed: Ringback now starts whenever you log in.')
        : install.kind === 'failed'
          ? installFailure(install, t)
          : '';
  return (
    <>
      <p
        className={install.kind === 'failed' ? 'rb-error rb-gap-top' : 'rb-success rb-gap-top'}
        role={install.kind === 'failed' ? 'alert' : 'status'}
      >
        {text}
      </p>
      {install.kind === 'installed' && install.warning && (
        <p className="rb-notice rb-gap-top" role="alert">
          {t('Installed, with a warning: {message}', { message: install.warning })}
        </p>
      )}
    </>
  );
}

function installFailure(
  install: Extract<InstallStep, { kind: 'failed' }>,
  t: (english: string, values?: Record<string, string>) => string,
): string {
  switch (install.reason) {
    case 'no_daemon_cli':
      return t('The Ringback daemon was not found beside this app: {message}', { message: install.message });
    case 'no_node':
      return t('The daemon needs Node.js 20.19 or newer on this computer: {message}', {
        message: install.message,
      });
    default:
      return t('The login service could not be installed: {message}', { message: install.message });
  }
}
