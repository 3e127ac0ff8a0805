import { type FormEvent, useState } from 'react';
import type { DeviceRow } from './DevicesPage';
import { errorText } from './useAsyncStatus';

export type Props = {
  device: DeviceRow;
  onRename: (id: string, name: string) => Promise<void> | void;
  onAskRemove: (device: DeviceRow) => void;
};

/** One device row; Rename turns the name into an input in place. */
export function DeviceRowView({ device, onRename, onAskRemove }: Props) {
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
            aria-label={`New name for ${device.name}`}
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="rb-btn rb-btn--primary rb-btn--small" disabled={!name.trim()}>
            Save
          </button>
          <button
            type="button"
            className="rb-btn rb-btn--small"
            onClick={() => {
              setEditing(false);
              setName(device.name);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <>
          <div className="rb-row-main">
            <p className="rb-row-title">
              {device.name}
              {device.isThisDevice && <span className="rb-this-device">This device</span>}
            </p>
            <p className="rb-row-meta">
              {device.kind} · last seen {device.lastSeen}
            </p>
          </div>
          <div className="rb-row-actions">
            <button
              type="button"
              className="rb-btn rb-btn--small"
              onClick={() => setEditing(true)}
              aria-label={`Rename ${device.name}`}
            >
              Rename
            </button>
            <button
              type="button"
              className="rb-btn rb-btn--small rb-btn--ghost rb-danger-text"
              onClick={() => onAskRemove(device)}
              aria-label={`Remove ${device.name}`}
            >
              Remove
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
