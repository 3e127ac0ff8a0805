import { useCallback } from 'react';
import type { SettingsRequest } from '../../relay';
import { useSession } from '../session-context';
import { writeToComputer } from './computer-writes';

/** Calls the account's computer (sealed, through the relay): the local API's answer, or ComputerWriteError in words. */
export type ComputerCall = <T>(method: SettingsRequest['method'], path: string, body?: unknown) => Promise<T>;

export function useComputer(): ComputerCall {
  const { client, settings, updateSettings } = useSession();
  return useCallback(
    async <T>(method: SettingsRequest['method'], path: string, body?: unknown) =>
      (await writeToComputer(
        client,
        settings,
        { method, path, ...(body === undefined ? {} : { body }) } as SettingsRequest,
        (daemonDeviceId) => updateSettings({ daemonDeviceId }),
      )) as T,
    [client, settings, updateSettings],
  );
}
