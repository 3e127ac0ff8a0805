import { type FormEvent, useState } from 'react';
import { useText } from '../i18n';
import type { DeviceRow } from './DevicesPage';
import { errorText } from './useAsyncStatus';

export type Props = {
  device: DeviceRow;
  onRename: (id: string, name: string) => Promise<void> | void;
  onAskRemove: (device: DeviceRow) => void;
};

/** One device row; Rename turns the name into an input in place. */
export function DeviceRowView({ device, onRename, onAskRemove }: Props) {
  const t = useText();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(device.name);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = name.trim();
    if (!next) return;
    try {
      await onRename(device.id, next);
      setEditing(false);
      setProblem(null);
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <li className="rb-device-row">
      {editing ? (
        <form className="rb-inline rb-device-edit" onSubmit={submit}>
          <input
            className="rb-input"
            aria-label={t('New name for {name}', { name: device.name })}
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="rb-btn rb-btn--primary rb-btn--small" disabled={!name.trim()}>
            {t('Save')}
          </button>
          <button
            type="button"
            className="rb-btn rb-btn--small"
            onClick={() => {
              setEditing(false);
              setName(device.name);
            }}
          >
            {t('Cancel')}
          </button>
        </form>
      ) : (
        <>
          <div className="rb-row-main">
            <p className="rb-row-title">
              {device.name}
              {device.isThisDevice && <span className="rb-this-device">{t('This device')}</span>}
            </p>
            <p className="rb-row-meta">
              {t('{kind} · last seen {time}', { kind: t(device.kind), time: t(device.lastSeen) })}
            </p>
          </div>
          <div className="rb-row-actions">
            <button
              type="button"
              className="rb-btn rb-btn--small"
              onClick={() => setEditing(true)}
              aria-label={t('Rename {name}', { name: device.name })}
            >
              {t('Rename')}
            </button>
            <button
              type="button"
              className="rb-btn rb-btn--small rb-btn--ghost rb-danger-text"
              onClick={() => onAskRemove(device)}
              aria-label={t('Remove {name}', { name: device.name })}
            >
              {t('Remove')}
            </button>
          </div>
        </>
      )}
      {problem && (
        <p role="alert" className="rb-error">
          {problem}
        </p>
      )}
    </li>
  );
}
