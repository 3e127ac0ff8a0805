import { type ChangeEvent, type FormEvent, useCallback, useId, useState } from 'react';
import { useText } from '../i18n';
import { AppHero } from './AppHero';
import { decodeQrImage } from './decodeQrImage';
import { PairCodeForm } from './PairCodeForm';
import type { PairCodeValues } from './pairCodeValidation';
import { QrScanDialog } from './QrScanDialog';
import './theme.css';
import './welcome.css';

export type Props = {
  onPairLink: (text: string) => void;
  onPairCode: (values: PairCodeValues) => void;
  busy: boolean;
  error?: string;
  defaultServer: string;
};

/** First page: explains the app and offers every way to join an account. */
export function WelcomePage({ onPairLink, onPairCode, busy, error, defaultServer }: Props) {
  const t = useText();
  const [link, setLink] = useState('');
  const [scanOpen, setScanOpen] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const id = useId();

  function submitLink(event: FormEvent) {
    event.preventDefault();
    if (link.trim()) onPairLink(link.trim());
  }

  const onScanned = useCallback(
    (text: string) => {
      setScanOpen(false);
      onPairLink(text);
    },
    [onPairLink],
  );

  async function pickImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageProblem(null);
    try {
      const text = await decodeQrImage(file);
      if (text) onPairLink(text);
      else setImageProblem('No QR code was found in that picture. Try a sharper or closer one.');
    } catch {
      setImageProblem('That file could not be read as a picture.');
    }
  }

  return (
    <main className="rb-page rb-welcome">
      <AppHero>
        <p className="rb-welcome-lead">
          {t('When your coding agent finishes, it phones you: hear a short brief, ask questions, and reply.')}
        </p>
      </AppHero>

      {error && (
        <p role="alert" className="rb-notice rb-notice--error">
          {error}
        </p>
      )}

      <section className="rb-card" aria-labelledby={`${id}-link`}>
        <h2 id={`${id}-link`} className="rb-section-title">
          {t('Paste a pairing link')}
        </h2>
        <form onSubmit={submitLink}>
          <label className="rb-visually-hidden" htmlFor={`${id}-link-input`}>
            {t('Pairing link')}
          </label>
          <textarea
            id={`${id}-link-input`}
            className="rb-textarea rb-link-input"
            placeholder="ringback://pair?…"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            rows={3}
          />
          <div className="rb-actions">
            <button type="submit" className="rb-btn rb-btn--primary" disabled={busy || !link.trim()}>
              {busy ? t('Joining…') : t('Join')}
            </button>
          </div>
        </form>
      </section>

      <section className="rb-card" aria-labelledby={`${id}-qr`}>
        <h2 id={`${id}-qr`} className="rb-section-title">
          {t('Scan the QR code')}
        </h2>
        <div className="rb-actions rb-actions--split">
          <button type="button" className="rb-btn" onClick={() => setScanOpen(true)} disabled={busy}>
            {t('Scan with camera')}
          </button>
          <label className="rb-btn rb-file-btn">
            {t('Choose a picture')}
            <input
              type="file"
              accept="image/*"
              className="rb-visually-hidden"
              onChange={pickImage}
              disabled={busy}
            />
          </label>
        </div>
        {imageProblem && (
          <p role="alert" className="rb-error rb-gap-top">
            {t(imageProblem)}
          </p>
        )}
      </section>

      <section className="rb-card" aria-labelledby={`${id}-code`}>
        <h2 id={`${id}-code`} className="rb-section-title">
          {t('Join with a code')}
        </h2>
        <PairCodeForm defaultServer={defaultServer} busy={busy} onPairCode={onPairCode} />
      </section>

      <QrScanDialog open={scanOpen} onOpenChange={setScanOpen} onResult={onScanned} />
    </main>
  );
}
