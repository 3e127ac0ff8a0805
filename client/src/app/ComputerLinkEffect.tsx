import { useEffect } from 'react';
import { computerLink } from '../relay';
import { useSession } from './session-context';

/**
 * Gives the page's long-lived services (the "Your computer" voice, model and transcriber) this
 * session's way to the computer: the relay, this device's token, the account's computer and the
 * end-to-end key. The computer is looked up once when this device does not know it yet.
 * Renders nothing.
 */
export function ComputerLinkEffect() {
  const { client, settings, e2eKey, updateSettings } = useSession();
  const { serverAddress, deviceToken, daemonDeviceId } = settings;

  useEffect(() => {
    if (!deviceToken || !e2eKey) return;
    if (!daemonDeviceId) {
      let cancelled = false;
      void client
        .listDevices()
        .then((devices) => {
          const found = devices.find((device) => device.kind === 'daemon')?.deviceId;
          if (found && !cancelled) updateSettings({ daemonDeviceId: found });
        })
        .catch(() => undefined);
      return () => {
        cancelled = true;
      };
    }
    computerLink.set({ server: serverAddress, token: deviceToken, daemonDeviceId, key: e2eKey });
    return () => computerLink.set(null);
  }, [client, serverAddress, deviceToken, daemonDeviceId, e2eKey, updateSettings]);

  return null;
}
