import { useText } from '../../i18n';
import './picker.css';

/** The online dot, or the word "offline" (colour alone is not enough to tell). */
export function AgentPresence({ online }: { online: boolean }) {
  const t = useText();
  return online ? (
    <span className="rb-presence rb-presence--online">
      <span className="rb-dot" aria-hidden="true" />
      <span className="rb-visually-hidden">{t('online')}</span>
    </span>
  ) : (
    <span className="rb-presence rb-presence--offline">
      <span className="rb-dot" aria-hidden="true" />
      {t('offline')}
    </span>
  );
}
