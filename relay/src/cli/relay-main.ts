import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RelayReady } from '@ringback/protocol';
import { RelayConfigError } from '../relay-config-error';
import { createConsoleRelayLogger } from '../relay-logger';
import { type RunningRelay, startRelay } from '../start-relay';

const USAGE = `usage: relay [--port N] [--host ADDRESS] [--data-dir DIR] [--database postgres://…] [--public-url URL] [--app-dir DIR]
             [--push-subject mailto:…|https://…] [--push-origin URL]… [--tls-cert FILE --tls-key FILE]
  default port 8791, data in ~/.ringback-relay (or $RINGBACK_RELAY_HOME), the app served at /
  from client/dist (or $RINGBACK_APP_DIR); --database (or $RINGBACK_DATABASE_URL) keeps the data
  in PostgreSQL instead, where several relay instances can share it;
  --push-subject (or $RINGBACK_PUSH_SUBJECT) names whoever runs the relay to push services
  (default: an https --public-url); --push-origin (repeatable, or $RINGBACK_PUSH_ORIGINS
  comma-separated) lets subscriptions use a push service besides FCM, Mozilla, Apple and Windows,
  wherever it is (local addresses included); --tls-cert and --tls-key (PEM) serve https;
  RINGBACK_OPEN_SIGNUP=true lets anyone create an account\n`;

function parsePort(raw: string | undefined): number | undefined | Error {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 0 && port < 65536
    ? port
    : new Error(`--port must be a port number, not ${raw}`);
}

/**
 * The relay server as its own process (`relay/dist/relay.mjs`, also run by `ringback relay`
 * and `ringback up`). A parent that started it over an IPC channel is told where it listens
 * and its claim code, and the relay stops when that parent goes away.
 */
export async function runRelayMain(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: {
    port?: string;
    host?: string;
    'data-dir'?: string;
    database?: string;
    'public-url'?: string;
    'app-dir'?: string;
    'push-subject'?: string;
    'push-origin'?: string[];
    'tls-cert'?: string;
    'tls-key'?: string;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        database: { type: 'string' },
        'public-url': { type: 'string' },
        'app-dir': { type: 'string' },
        'push-subject': { type: 'string' },
        'push-origin': { type: 'string', multiple: true },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`relay: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const port = parsePort(values.port);
  if (port instanceof Error) {
    process.stderr.write(`relay: ${port.message}\n`);
    return 2;
  }
  const database = values.database ?? env.RINGBACK_DATABASE_URL;
  if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) {
    process.stderr.write(`relay: --database must be a postgres:// URL\n`);
    return 2;
  }
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined)) {
    process.stderr.write('relay: --tls-cert and --tls-key go together: give both, or neither\n');
    return 2;
  }
  const pushSubject = values['push-subject'] ?? (env.RINGBACK_PUSH_SUBJECT || undefined);
  const pushOrigins = values['push-origin'] ?? (env.RINGBACK_PUSH_ORIGINS ?? '').split(',');
  const logger = createConsoleRelayLogger();
  const dataDir = values['data-dir'] ?? env.RINGBACK_RELAY_HOME ?? join(homedir(), '.ringback-relay');
  let relay: RunningRelay;
  try {
    relay = await startRelay({
      dataDir,
      ...(database ? { database } : {}),
      logger,
      openSignup: env.RINGBACK_OPEN_SIGNUP === 'true',
      ...(port === undefined ? {} : { port }),
      ...(values.host ? { host: values.host } : {}),
      ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
      ...(values['app-dir'] ? { appDir: values['app-dir'] } : {}),
      ...(pushSubject === undefined ? {} : { pushSubject }),
      pushOrigins: pushOrigins.map((origin) => origin.trim()).filter(Boolean),
      ...(certFile && keyFile ? { tls: { certFile, keyFile } } : {}),
    });
  } catch (error) {
    // A setting it cannot start with: say what and how to fix it, not a stack.
    if (!(error instanceof RelayConfigError)) throw error;
    process.stderr.write(`relay: ${error.message}\n`);
    return 2;
  }
  const claimCode = await relay.claimCode();
  if (claimCode) {
    logger.info(`private relay without an owner yet: its claim code is ${claimCode}`);
    logger.info(`  the first account needs it: ringback login --server ${relay.url}`);
  }
  logger.info(`Ringback relay listening on ${relay.url} (${relay.storage})`);

  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    // Started by `ringback up` or `ringback relay`: never outlive that process.
    process.once('disconnect', () => resolve());
  });
  if (process.send) {
    const ready: RelayReady = { type: 'relay-ready', url: relay.url, port: relay.port, claimCode };
    process.send(ready);
  }
  await stopped;
  logger.info('stopping');
  await relay.close();
  return 0;
}
