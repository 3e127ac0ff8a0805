import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io';

/**
 * `ringback relay [--port N] [--data-dir DIR] [--public-url URL]`: the relay server in the
 * foreground. Its code (and SQLite) loads only for this command.
 */
export async function runRelayCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'public-url': { type: 'string' },
      host: { type: 'string' },
    },
    strict: true,
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    io.stderr(`ringback relay: --port must be a port number, not ${values.port}\n`);
    return 2;
  }
  const { createConsoleRelayLogger, startRelay } = await import('@ringback/relay');
  const logger = createConsoleRelayLogger();
  const dataDir = values['data-dir'] ?? io.env.RINGBACK_RELAY_HOME ?? join(io.home, '.ringback-relay');
  const relay = await startRelay({
    dataDir,
    logger,
    openSignup: io.env.RINGBACK_OPEN_SIGNUP === 'true',
    ...(port === undefined ? {} : { port }),
    ...(values.host ? { host: values.host } : {}),
    ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  });
  const claimCode = await relay.claimCode();
  if (claimCode) {
    logger.info(`private relay without an owner yet: its claim code is ${claimCode}`);
    logger.info(`  the first account needs it: ringback login --server ${relay.url}`);
  }
  logger.info(`Ringback relay listening on ${relay.url} (data dir ${dataDir})`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  logger.info('stopping');
  await relay.close();
  return 0;
}
