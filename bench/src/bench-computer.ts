import { importE2eCryptoKey, type SealingKey, sealingKeyFromCryptoKey } from '@ringback/protocol';
import { daemonKeyOf, makeDataDir, startDaemonProcess, startRelayProcess } from '@ringback/test';

/** A relay and a computer logged in to it (real processes on loopback), and a phone paired with them. */
export interface BenchComputer {
  relayUrl: string;
  /** The phone's device token. */
  phoneToken: string;
  daemonDeviceId: string;
  /** The account's e2e key, imported once as the app holds it (client/src/storage/idb-key-vault.ts). */
  key: SealingKey;
  close(): Promise<void>;
}

/** `config` is the rest of the daemon's daemon.json: its model, voice, speech recognition. */
export async function startBenchComputer(config: object): Promise<BenchComputer> {
  const relay = await startRelayProcess();
  try {
    const computer = await relay.createAccount('daemon', 'Bench laptop');
    const phone = await relay.pair(computer, 'app', 'Bench phone');
    const dataDir = await makeDataDir({
      config: { server: { url: relay.url }, ...config },
      deviceToken: computer.deviceToken,
    });
    const daemon = await startDaemonProcess(dataDir);
    return {
      relayUrl: relay.url,
      phoneToken: phone.deviceToken,
      daemonDeviceId: computer.deviceId,
      key: await importedKey(await daemonKeyOf(dataDir)),
      async close() {
        await daemon.kill('SIGTERM');
        await relay.kill();
      },
    };
  } catch (error) {
    await relay.kill();
    throw error;
  }
}

async function importedKey(text: string): Promise<SealingKey> {
  const { cryptoKey, keyId } = await importE2eCryptoKey(text);
  return sealingKeyFromCryptoKey(cryptoKey, keyId);
}
