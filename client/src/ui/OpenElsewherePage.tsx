import { useText } from '../i18n';
import { AppHero } from './AppHero';
import './theme.css';
import './welcome.css';

export type Props = {
  /** Still finding out whether another tab holds the session. */
  checking: boolean;
  onUseHere: () => void;
};

/** Shown in every tab but the one that holds this device's calls: one device rings in one tab. */
export function OpenElsewherePage({ checking, onUseHere }: Props) {
  const t = useText();
  return (
    <main className="rb-page rb-welcome">
      <AppHero>
        {checking ? (
          <p className="rb-welcome-lead" aria-live="polite">
            {t('Starting…')}
          </p>
        ) : (
          <p className="rb-welcome-lead">
            {t('Ringback is open in another tab of this browser. Calls ring there, not here.')}
          </p>
        )}
      </AppHero>
      {!checking && (
        <section className="rb-card">
          <p className="rb-hint">
            {t('Use it here instead: the other tab stops ringing and says so, and calls ring in this tab.')}
          </p>
          <div className="rb-actions">
            <button type="button" className="rb-btn rb-btn--primary" onClick={onUseHere}>
              {t('Use here')}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
