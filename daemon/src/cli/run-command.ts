import { parseArgs } from 'node:util';
import type { DaemonStatus } from '@ringback/protocol';
import { resolveDataDir } from '../config/data-dir';
import { startDaemon } from '../daemon';
import { createConsoleLogger } from '../log/logger';
import type { CliIo } from './cli-io';

/** `ringback run [--data-dir DIR] [--port N]`: the daemon in the foreground until SIGINT/SIGTERM. */
export async function runDaemonCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    io.stderr(`ringback run: --port must be a port number, not ${values.port}\n`);
    return 2;
  }
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const logger = createConsoleLogger();
  const daemon = await startDaemon({
    dataDir,
    logger,
    env: io.env,
    cli: { nodePath: io.nodePath, cliScript: io.cliScript },
    ...(port === undefined ? {} : { port }),
  });

  const status = (
    await daemon.app.inject({
      method: 'GET',
      url: '/status',
      headers: { host: `127.0.0.1:${daemon.port}`, authorization: `Bearer ${daemon.localApiKey}` },
    })
  ).json() as DaemonStatus;
  // The model in use, never its key.
  logger.info(
    status.llm
      ? `briefs by model ${status.llm.model} at ${status.llm.baseUrl} (${status.llm.structuredOutput})`
      : 'no LLM configured: briefs are marked failed until one is set (PUT /llm/settings)',
  );
  logger.info(`brief language ${status.briefLanguage.language} (${status.briefLanguage.source})`);
  if (!status.relay)
    logger.info('not logged in to a relay yet: reports wait in the outbox until they can be delivered');
  if (status.outbox.pending > 0) logger.info(`${status.outbox.pending} report(s) resumed from the outbox`);
  // Last, so whoever waits for this line has the whole startup report.
  logger.info(`Ringback daemon listening on ${daemon.url} (data dir ${dataDir})`);

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info(`${signal}: stopping`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await daemon.close();
  return 0;
}
