import { useText } from '../i18n';
import { PlayIcon } from './icons';
import './theme.css';
import './tapToStart.css';

export type Props = {
  /** Runs inside the tap: the browser lets sound start from it. */
  onTap: () => void;
};

/**
 * Over a call answered without a tap (from a notification) whose sound the browser holds back:
 * the whole screen is one button, so whatever the user touches starts the call's sound.
 */
export function TapToStartCall({ onTap }: Props) {
  const t = useText();
  return (
    <button type="button" className="rb-tap-to-start" onClick={onTap}>
      <span className="rb-tap-to-start-bar">
        <PlayIcon className="rb-icon rb-icon--lg" />
        <span>{t('Tap to start the call')}</span>
      </span>
    </button>
  );
}
