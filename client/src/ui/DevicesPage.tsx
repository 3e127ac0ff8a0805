import { useState } from 'react';
import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { ConfirmDialog } from './ConfirmDialog';
import { DeviceRowView } from './DeviceRowView';
import './theme.css';
import './idle.css';
import './settings.css';

export type DeviceRow = {
  id: string;
  name: string;
  /** e.g. "Computer", "Phone", "Desktop app". */
  kind: string;
  /** Already formatted, e.g. "2025-05-01 10:22:03" or "now". */
  lastSeen: string;
  isThisDevice: boolean;
};

export type Props = {
  devices: DeviceRow[];
  onRename: (id: string, name: string) => Promise<void> | void;
  onRemove: (id: string) => Promise<void> | void;
  onBack: () => void;
  error?: string;
};

/** Devices of the account: rename inline, remove after a confirmation. */
export function DevicesPage({ devices, onRename, onRemove, onBack, error }: Props) {
  const t = useText();
  const [removing, setRemoving] = useState<DeviceRow | null>(null);
  return (
    <main className="rb-page">
      <BackHeader title={t('Devices')} onBack={onBack} />
      {error && (
        <p role="alert" className="rb-notice rb-notice--error">
          {error}
        </p>
      )}
      {devices.length === 0 ? (
        <p className="rb-empty">{t('No devices.')}</p>
      ) : (
        <ul className="rb-list rb-settings-rows" aria-label={t('Devices')}>
          {devices.map((device) => (
            <DeviceRowView key={device.id} device={device} onRename={onRename} onAskRemove={setRemoving} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('Remove {name}?', { name: removing?.name ?? t('device') })}
        description={
          removing?.isThisDevice
            ? t('This device will be signed out and stop ringing. You can pair it again later.')
            : t('That device will be signed out and stop ringing. You can pair it again later.')
        }
        confirmLabel={t('Remove')}
        onConfirm={() => removing && void onRemove(removing.id)}
      />
    </main>
  );
}
