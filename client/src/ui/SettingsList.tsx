import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import './theme.css';
import './settings.css';

export type SettingsRow = { id: string; label: string; detail?: string };
export type SettingsGroup = { id: string; title: string; rows: SettingsRow[] };

export type Props = {
  groups: SettingsGroup[];
  onOpen: (pageId: string) => void;
  onBack: () => void;
};

/** The settings pages in the spec's groups (general, connection, personal, integrations, calls). */
export const DEFAULT_SETTINGS_GROUPS: SettingsGroup[] = [
  {
    id: 'general',
    title: 'General',
    rows: [
      { id: 'interface-language', label: 'Interface language' },
      { id: 'brief-language', label: 'Brief language' },
      { id: 'voice', label: 'Voice' },
    ],
  },
  {
    id: 'connection',
    title: 'Connection',
    rows: [
      { id: 'devices', label: 'Devices' },
      { id: 'key', label: 'End-to-end key' },
    ],
  },
  { id: 'personal', title: 'Personal', rows: [{ id: 'form-of-address', label: 'Form of address' }] },
  {
    id: 'integrations',
    title: 'Integrations',
    rows: [
      { id: 'llm', label: 'Language model for questions' },
      { id: 'speech-recognition', label: 'Speech recognition' },
      { id: 'tracker', label: 'Tracker (Multica)' },
    ],
  },
  {
    id: 'calls',
    title: 'Calls',
    rows: [
      { id: 'modes', label: 'Ring schedules' },
      { id: 'ringtones', label: 'Ringtones' },
      { id: 'permission-calls', label: 'Permission calls' },
      { id: 'background', label: 'Background ringing' },
    ],
  },
];

/** Grouped list of settings; each row opens its own page, which saves on its own. */
export function SettingsList({ groups, onOpen, onBack }: Props) {
  const t = useText();
  return (
    <main className="rb-page rb-settings">
      <BackHeader title={t('Settings')} onBack={onBack} />
      {groups
        .filter((group) => group.rows.length > 0)
        .map((group) => (
          <section key={group.id} className="rb-settings-group" aria-labelledby={`rb-settings-${group.id}`}>
            <h2 id={`rb-settings-${group.id}`} className="rb-section-title">
              {t(group.title)}
            </h2>
            <ul className="rb-list rb-settings-rows">
              {group.rows.map((row) => (
                <li key={row.id}>
                  <button
                    type="button"
                    className="rb-settings-row"
                    onClick={() => onOpen(row.id)}
                    // Named for the page it opens; what it is set to is its description.
                    aria-labelledby={`rb-row-${row.id}`}
                    aria-describedby={row.detail ? `rb-row-${row.id}-detail` : undefined}
                  >
                    <span id={`rb-row-${row.id}`} className="rb-settings-label">
                      {t(row.label)}
                    </span>
                    {row.detail && (
                      <span id={`rb-row-${row.id}-detail`} className="rb-settings-detail">
                        {row.detail}
                      </span>
                    )}
                    <span aria-hidden="true" className="rb-chevron">
                      ›
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </main>
  );
}
