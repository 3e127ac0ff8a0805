import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import { type DaemonProcess, startDaemonProcess } from './daemon-process';
import { freePort } from './free-port';
import { type RelayProcess, startRelayProcess } from './relay-process';
import { daemonKeyOf } from './sealed-events';
import { makeDataDir } from './temp-data-dir';

/**
 * A relay and a computer logged in to it as separate processes, so a test can take the computer
 * away while the relay and the phones stay (which `ringback up`, one process, cannot).
 * `home` and `dataDir` are what the hook and `ringback pair` are run with.
 */
export interface RelayAndComputer {
  relay: RelayProcess;
  /** The computer's own credentials on the relay: what another device pairs through. */
  computer: DeviceCredentials;
  daemon: DaemonProcess;
  /** The account's e2e key (`k1_`), as the daemon keeps it. */
  key: string;
  home: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startRelayAndComputer(options: {
  /** The daemon's model: it writes the briefs and answers questions asked through the computer. */
  modelUrl?: string;
  /** More of daemon.json: the computer's voice (`speech`), its speech recognition (`transcription`)… */
  config?: object;
  /** The relay's environment, such as a lower `RINGBACK_COMPUTER_REQUESTS_PER_ACCOUNT`. */
  relayEnv?: NodeJS.ProcessEnv;
}): Promise<RelayAndComputer> {
  const relay = await startRelayProcess(options.relayEnv);
  const computer = await relay.createAccount('daemon', 'Laptop');
  const dataDir = await makeDataDir({
    config: {
      server: { url: relay.url },
      // The hook, `ringback pair` and the desktop shell find the daemon by this port, as a user's do.
      localPort: await freePort(),
      ...(options.modelUrl
        ? { llm: { primary: { baseUrl: options.modelUrl, apiKey: 'sk-e2e-0000', model: 'fake-1' } } }
        : {}),
      brief: { language: 'en-US' },
      ...options.config,
    },
    deviceToken: computer.deviceToken,
  });
  const home = await mkdtemp(join(tmpdir(), 'ringback-e2e-home-'));
  const daemon = await startDaemonProcess(dataDir, { HOME: home }, null);
  return {
    relay,
    computer,
    daemon,
    key: await daemonKeyOf(dataDir),
    home,
    dataDir,
    async close() {
      await daemon.kill('SIGTERM');
      await relay.kill();
    },
  };
}
