import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir';
import { startDaemon } from '../daemon';
import { createConsoleLogger } from '../log/logger';
import type { PairingOffer } from '../relay/relay-login';
import type { DaemonStatus } from '../routes/status';
import type { CliIo } from './cli-io';
import { printPairingOffer } from './print-pairing';

/**
 * `ringback up`: the relay and the daemon in one process on their embedded defaults, the daemon
 * logged in to that relay (claiming it on first start), then a pairing QR for the phone.
 */
export async function runUpCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'relay-data-dir': { type: 'string' },
      'relay-port': { type: 'string' },
    },
    strict: true,
  });
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const relayDataDir =
    values['relay-data-dir'] ?? io.env.RINGBACK_RELAY_HOME ?? join(io.home, '.ringback-relay');
  const logger = createConsoleLogger();
  const { createConsoleRelayLogger, startRelay, DEFAULT_RELAY_PORT } = await import('@ringback/relay');
  const relay = await startRelay({
    dataDir: relayDataDir,
    logger: createConsoleRelayLogger(),
    port: values['relay-port'] === undefined ? DEFAULT_RELAY_PORT : Number(values['relay-port']),
  });
  const daemon = await startDaemon({
    dataDir,
    logger,
    env: io.env,
    ...(values.port === undefined ? {} : { port: Number(values.port) }),
  });
  const local = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<{ status: number; body: T }> => {
    const response = await daemon.app.inject({
      method,
      url,
      headers: { host: `127.0.0.1:${daemon.port}`, authorization: `Bearer ${daemon.localApiKey}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as T };
  };

  const status = (await local<DaemonStatus>('GET', '/status')).body;
  if (!status.relay) {
    const claimCode = await relay.claimCode();
    const login = await local<{ error?: string; message?: string }>('POST', '/local/login', {
      server: relay.url,
      ...(claimCode ? { claimCode } : {}),
    });
    if (login.status !== 200) {
      io.stderr(`could not log the daemon in to ${relay.url}: ${login.body.message ?? login.body.error}\n`);
    }
  } else if (status.relay.serverUrl !== relay.url) {
    logger.info(`the daemon delivers to ${status.relay.serverUrl}, not to this relay`);
  }

  io.stdout(
    `\nRingback is running.\n  relay:  ${relay.url} (data in ${relayDataDir})\n  daemon: ${daemon.url} (data in ${dataDir})\n`,
  );
  const offer = await local<PairingOffer & { error?: string }>('POST', '/local/pairing');
  if (offer.status === 200) await printPairingOffer(offer.body, io);
  io.stdout('\nStop with Ctrl-C.\n');

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await daemon.close();
  await relay.close();
  return 0;
}
