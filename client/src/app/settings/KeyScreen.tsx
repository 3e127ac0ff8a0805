import { deriveE2eKeyFromPassphrase } from '@ringback/protocol';
import { KeySettingsPage } from '../../ui';
import { useSession } from '../session-context';
import { writeToComputer } from './computer-writes';

/**
 * The end-to-end key from a passphrase: derived here, sent sealed (with the key in use now) to the
 * computer, and switched to on this device once the computer has it, held as a non-extractable
 * CryptoKey where the page allows (the text is then forgotten). Neither is ever shown.
 */
export function KeyScreen({ onBack }: { onBack(): void }) {
  const { client, settings, e2eKey, replaceE2eKey, updateSettings } = useSession();
  return (
    <KeySettingsPage
      hasKey={e2eKey !== null}
      onSave={async (passphrase) => {
        const key = await deriveE2eKeyFromPassphrase(passphrase);
        await writeToComputer(
          client,
          { daemonDeviceId: settings.daemonDeviceId, e2eKey },
          { method: 'PUT', path: '/e2e/key', body: { key } },
          (daemonDeviceId) => updateSettings({ daemonDeviceId }),
        );
        await replaceE2eKey(key);
        updateSettings({ e2eFollowsDaemon: false });
      }}
      onBack={onBack}
    />
  );
}
