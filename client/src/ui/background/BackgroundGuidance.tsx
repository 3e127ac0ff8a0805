import { type ReactNode, useId } from 'react';
import { type Translate, useText } from '../../i18n';
import type { BackgroundSupport } from '../../push';

export type Props = {
  support: BackgroundSupport;
  /** Ask the relay again (after it could not be reached). */
  onRetry: () => void;
};

/**
 * What stands in the way of ringing in the background, and what the user can do about it, in
 * plain words. Nothing when nothing stands in the way.
 */
export function BackgroundGuidance({ support, onRetry }: Props) {
  const t = useText();
  const titleId = useId();
  const guide = guideFor(support, t);
  if (!guide) return null;
  return (
    <section className="rb-card rb-guide" aria-labelledby={titleId}>
      <h2 id={titleId} className="rb-guide-title">
        {guide.title}
      </h2>
      {guide.body}
      {(support.kind === 'relayUnreachable' || support.kind === 'heldUnknown') && (
        <div className="rb-form-actions">
          <button type="button" className="rb-btn" onClick={onRetry}>
            {t('Try again')}
          </button>
        </div>
      )}
    </section>
  );
}

function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="rb-guide-steps">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

function guideFor(support: BackgroundSupport, t: Translate): { title: string; body: ReactNode } | null {
  switch (support.kind) {
    case 'insecure':
      return {
        title: t('This address cannot ring in the background'),
        body: (
          <>
            <p>
              {t(
                'This page is open over plain http ({origin}). Browsers let a page be installed and woken by pushes only over https.',
                { origin: support.origin },
              )}
            </p>
            <p>
              <strong>
                {t("Open Ringback at the relay's https address instead, and join your account there.")}
              </strong>{' '}
              {t(
                "The relay's README says how to give it one: its own certificate (--tls-cert and --tls-key), a reverse proxy with automatic certificates, or a private-network HTTPS name.",
              )}
            </p>
          </>
        ),
      };
    case 'iosTooOld':
      return {
        title: t('Update {os} first', { os: support.device === 'iPad' ? 'iPadOS' : 'iOS' }),
        body: (
          <p>
            {t(
              'Ringing in the background needs {os} 16.4 or later; this {device} has {version}. Update it in Settings → General → Software Update, then come back to this page.',
              {
                os: support.device === 'iPad' ? 'iPadOS' : 'iOS',
                device: support.device,
                version: support.version,
              },
            )}
          </p>
        ),
      };
    case 'iosAddToHomeScreen':
      return {
        title: t('Add Ringback to your Home Screen'),
        body: (
          <>
            <p>
              {t(
                'On {device}, only an app opened from the Home Screen can ring in the background. In Safari:',
                {
                  device: support.device,
                },
              )}
            </p>
            <Steps
              steps={[
                t('Tap the Share button (the square with an arrow pointing up).'),
                t('Choose “Add to Home Screen”, then tap Add.'),
              ]}
            />
            <p>
              <strong>
                {t('Then open Ringback from the Home Screen and turn background ringing on there.')}
              </strong>{' '}
              {t(
                'The Home Screen app keeps its own data, so join your account in it again (the same pairing link or code).',
              )}
            </p>
          </>
        ),
      };
    case 'unsupported':
      return {
        title: t('This browser cannot ring in the background'),
        body: (
          <p>
            {t(
              'It has no Web Push. Ringback rings here only while this page is open. Chrome, Edge, Firefox and Safari can ring in the background (on iPhone and iPad, from the Home Screen).',
            )}
          </p>
        ),
      };
    case 'denied':
      return {
        title: t('Notifications are blocked'),
        body: (
          <>
            <p>
              {t(
                'Ringback cannot ring in the background while notifications are blocked for it. To allow them:',
              )}
            </p>
            <Steps
              steps={
                support.device
                  ? [
                      t('Open the Settings app, then Notifications, then Ringback.'),
                      t('Turn on Allow Notifications, then come back to Ringback.'),
                    ]
                  : [
                      t(
                        "Open this site's settings: tap the icon to the left of the address (or the browser's menu, then Settings, then Site settings).",
                      ),
                      t('Set Notifications to Allow, then reload this page.'),
                    ]
              }
            />
          </>
        ),
      };
    case 'relayUnavailable':
      return {
        title: t('The relay does not send pushes'),
        body: (
          <>
            <p>{t('It says: {reason}', { reason: support.reason })}</p>
            <p>{t("Whoever runs the relay can turn pushes on; the relay's README says how.")}</p>
          </>
        ),
      };
    case 'relayUnreachable':
      return {
        title: t('Could not reach the relay'),
        body: <p>{support.reason}</p>,
      };
    case 'heldUnknown':
      return {
        title: t('Could not reach the relay'),
        body: (
          <p>
            {t(
              'Background ringing is chosen on this device, but the relay cannot be asked now whether it holds this device’s subscription.',
            )}
          </p>
        ),
      };
    case 'endpointRefused':
      return {
        title: t("The relay refuses this browser's push service"),
        body: (
          <>
            <p>{t('It says: {reason}', { reason: support.reason })}</p>
            <p>
              {t(
                "Whoever runs the relay can allow this push service; the relay's README says how. Turning this on tries again.",
              )}
            </p>
          </>
        ),
      };
    default:
      return null;
  }
}
