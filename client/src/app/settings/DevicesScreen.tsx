import type { Device } from '@ringback/protocol';
import { useCallback, useEffect, useState } from 'react';
import { formatCallTime } from '../../format';
import { DevicesPage } from '../../ui';
import { useSession } from '../session-context';

/** The account's devices: rename any, remove any (a removed device's token stops working at once). */
export function DevicesScreen({ onBack }: { onBack(): void }) {
  const { client } = useSession();
  const [devices, setDevices] = useState<Device[]>([]);
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(async () => {
    try {
      setDevices(await client.listDevices());
      setError(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [client]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return (
    <DevicesPage
      devices={devices.map((device) => ({
        id: device.deviceId,
        name: device.name,
        kind: device.kind === 'daemon' ? 'Computer' : 'App',
        lastSeen: device.lastSeenAt ? formatCallTime(device.lastSeenAt) : 'never',
        isThisDevice: device.current,
      }))}
      {...(error ? { error } : {})}
      onRename={async (id, name) => {
        await client.renameDevice(id, name);
        await reload();
      }}
      onRemove={async (id) => {
        await client.removeDevice(id);
        await reload();
      }}
      onBack={onBack}
    />
  );
}
