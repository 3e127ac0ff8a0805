import { useText } from '../i18n';
import { GearIcon } from './icons';
import type { ConnectionState, StatusItem } from './types';

export type Props = {
  connection: ConnectionState;
  statusItems: StatusItem[];
  onOpenSettings: () => void;
};

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connected: 'Connected',
  connecting: 'Connecting…',
  offline: 'Offline',
};

/** App header: connection state, what is still missing to ring, and the Settings entry. */
export function StatusHeader({ connection, statusItems, onOpenSettings }: Props) {
  const t = useText();
  return (
    <header className="rb-status-header">
      <div className="rb-status-top">
        <h1 className="rb-app-title">Ringback</h1>
        <span className={`rb-conn rb-conn--${connection}`} role="status">
          <span className="rb-dot" aria-hidden="true" />
          {t(CONNECTION_TEXT[connection])}
        </span>
        <button type="button" className="rb-btn rb-btn--ghost rb-settings-btn" onClick={onOpenSettings}>
          <GearIcon /> {t('Settings')}
        </button>
      </div>
      {statusItems.length > 0 && (
        <ul className="rb-list rb-status-items" aria-label={t('Status')}>
          {statusItems.map((item) => (
            <li key={item.text} className={`rb-status-item rb-status-item--${item.tone}`}>
              <span className="rb-dot" aria-hidden="true" />
              {item.text}
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
