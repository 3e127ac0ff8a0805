import type { DesktopFacts, DesktopPreferenceChange, DesktopPreferences } from '@ringback/protocol';
import { useId } from 'react';
import { useText } from '../i18n';
import { BackHeader } from '../ui/BackHeader';
import '../ui/theme.css';
import '../ui/settings.css';
import '../ui/modes/modes.css';
import '../ui/background/background.css';
import './desktop.css';

export type Props = {
  /** Null until main answered. */
  preferences: DesktopPreferences | null;
  facts: DesktopFacts | null;
  busy: boolean;
  error: string | null;
  onChange(change: DesktopPreferenceChange): void;
  onBack(): void;
};

/** The desktop app's own settings: what closing the window does, and starting at login. */
export function DesktopSettingsPage({ preferences, facts, busy, error, onChange, onBack }: Props) {
  const t = useText();
  const id = useId();
  const noTray = facts !== null && !facts.trayAvailable;
  return (
    <main className="rb-page">
      <BackHeader title={t('Desktop app')} onBack={onBack} />
      <section className="rb-card">
        <Switch
          id={`${id}-tray`}
          label={
            noTray
              ? t('Keep running when the window is closed')
              : t('Keep running in the tray when the window is closed')
          }
          why={
            noTray
              ? t(
                  'This desktop shows no tray icon, so closing the window quits Ringback and calls stop ringing here. Turned on, Ringback keeps running with no window: open Ringback again to bring it back.',
                )
              : t('Calls still ring with the window closed; the tray icon brings it back.')
          }
          on={preferences?.closeToTray ?? false}
          disabled={busy || preferences === null}
          onToggle={(on) => onChange({ closeToTray: on })}
        />
        <Switch
          id={`${id}-login`}
          label={t('Open Ringback when you log in')}
          why={
            preferences?.openAtLoginAwaitsApproval
              ? t(
                  'Waiting for your approval in System Settings → General → Login Items: switch Ringback on there.',
                )
              : t('It starts in the background, so calls ring without opening it first.')
          }
          on={preferences?.openAtLogin ?? false}
          disabled={busy || preferences === null}
          onToggle={(on) => onChange({ openAtLogin: on })}
        />
        <p className={error ? 'rb-error' : 'rb-hint'} role={error ? 'alert' : 'status'}>
          {error ?? (busy ? t('Working…') : '')}
        </p>
      </section>
      {facts && !facts.secretStorageAvailable && (
        <p className="rb-notice">
          {t(
            'This computer offers Ringback no keychain, so its device token is kept only while the app runs: after a restart it joins the account again.',
          )}
        </p>
      )}
      {facts && (
        <p className="rb-hint">
          {t('Ringback {version} for {platform}', {
            version: facts.appVersion,
            platform: platformName(facts.platform),
          })}
        </p>
      )}
    </main>
  );
}

function platformName(platform: DesktopFacts['platform']): string {
  return platform === 'darwin' ? 'macOS' : platform === 'win32' ? 'Windows' : 'Linux';
}

function Switch(props: {
  id: string;
  label: string;
  why: string;
  on: boolean;
  disabled: boolean;
  onToggle(on: boolean): void;
}) {
  return (
    <div className="rb-desktop-setting">
      <div className="rb-background-row">
        <label htmlFor={props.id} className="rb-background-label">
          {props.label}
        </label>
        <button
          id={props.id}
          type="button"
          role="switch"
          aria-checked={props.on}
          aria-describedby={`${props.id}-why`}
          className="rb-switch"
          disabled={props.disabled}
          onClick={() => props.onToggle(!props.on)}
        >
          <span className="rb-switch-knob" aria-hidden="true" />
        </button>
      </div>
      <p id={`${props.id}-why`} className="rb-hint rb-background-why">
        {props.why}
      </p>
    </div>
  );
}
