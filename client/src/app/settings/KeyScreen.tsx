import { deriveE2eKeyFromPassphrase } from '@ringback/protocol';
import { KeySettingsPage } from '../../ui';
import { useSession } from '../session-context';
import { writeToComputer } from './computer-writes';

/**
 * The end-to-end key from a passphrase: derived here, sent sealed (with the key in use now) to the
 * computer, and switched to on this device once the computer has it. Neither is ever shown.
 */
export function KeyScreen({ onBack }: { onBack(): void }) {
  const { client, settings, updateSettings } = useSession();
  return (
    <KeySettingsPage
      hasKey={Boolean(settings.e2eKey)}
      onSave={async (passphrase) => {
        const key = await deriveE2eKeyFromPassphrase(passphrase);
        await writeToComputer(
          client,
          settings,
          { method: 'PUT', path: '/e2e/key', body: { key } },
          (daemonDeviceId) => updateSettings({ daemonDeviceId }),
        );
        updateSettings({ e2eKey: key, e2eFollowsDaemon: false });
      }}
      onBack={onBack}
    />
  );
}
