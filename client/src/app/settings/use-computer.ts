import { useCallback } from 'react';
import type { SettingsRequest } from '../../relay';
import { useSession } from '../session-context';
import { writeToComputer } from './computer-writes';

/** Calls the account's computer (sealed, through the relay): the local API's answer, or ComputerWriteError in words. */
export type ComputerCall = <T>(method: SettingsRequest['method'], path: string, body?: unknown) => Promise<T>;

export function useComputer(): ComputerCall {
  const { client, settings, e2eKey, updateSettings } = useSession();
  const { daemonDeviceId } = settings;
  return useCallback(
    async <T>(method: SettingsRequest['method'], path: string, body?: unknown) =>
      (await writeToComputer(
        client,
        { daemonDeviceId, e2eKey },
        { method, path, ...(body === undefined ? {} : { body }) } as SettingsRequest,
        (daemonDeviceId) => updateSettings({ daemonDeviceId }),
      )) as T,
    [client, daemonDeviceId, e2eKey, updateSettings],
  );
}
