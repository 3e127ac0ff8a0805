import type { Presence } from '@ringback/protocol';
import type { Translate } from '../../i18n';

/**
 * An idle time as a person says it: "less than a minute", "12 minutes", "2 hours 5 minutes".
 * Rounded down to the minute: the computer reports it every half minute or so anyway.
 */
export function idleDuration(seconds: number, t: Translate): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t('less than a minute');
  if (minutes < 60) return minutes === 1 ? t('1 minute') : t('{count} minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? t('1 hour') : t('{count} hours', { count: hours });
  if (rest === 0) return hourText;
  return `${hourText} ${rest === 1 ? t('1 minute') : t('{count} minutes', { count: rest })}`;
}

/** A wait or a threshold in whole minutes or seconds: "10 minutes", "30 seconds". */
export function waitDuration(seconds: number, t: Translate): string {
  if (seconds < 60 || seconds % 60 !== 0) return t('{count} seconds', { count: seconds });
  return idleDuration(seconds, t);
}

/**
 * What the computer knows of the user now, in one sentence: away or at the computer (so whether a
 * permission request rings here), and why, from the signal it used (the desktop app, the system's
 * idle time, the user's own word, or nothing it can read).
 */
export function presenceSentence(presence: Presence, t: Translate): string {
  const state = presence.away
    ? t('Away from the computer: permission requests ring here.')
    : t('At the computer: the agent asks there.');
  return `${state} ${presenceReason(presence, t)}`;
}

function presenceReason(presence: Presence, t: Translate): string {
  const idle = presence.idleSeconds === null ? null : idleDuration(presence.idleSeconds, t);
  switch (presence.signal) {
    case 'manual':
      return presence.away ? t('You set Away by hand.') : t('You set “At the computer” by hand.');
    case 'none':
      return t(
        'This computer cannot tell how long it has been idle, so it counts you as at the computer: choose Away when you leave.',
      );
    case 'desktop-app':
      return idle
        ? t('No keyboard or mouse input for {idle}, as the desktop app reports.', { idle })
        : t('The desktop app reports the idle time.');
    case 'macos-hid':
      return idle
        ? t('No keyboard or mouse input for {idle} (macOS idle time).', { idle })
        : t('macOS reports the idle time.');
    case 'windows-last-input':
      return idle
        ? t('No keyboard or mouse input for {idle} (Windows idle time).', { idle })
        : t('Windows reports the idle time.');
    case 'linux-session':
      return idle
        ? t('The desktop session has been idle for {idle} (Linux).', { idle })
        : t('The Linux desktop session reports the idle time.');
  }
}
