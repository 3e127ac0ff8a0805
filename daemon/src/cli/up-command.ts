import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DaemonStatus, PairingOffer } from '@ringback/protocol';
import { resolveDataDir } from '../config/data-dir';
import { startDaemon } from '../daemon';
import { createConsoleLogger } from '../log/logger';
import { firstLanAddress, lanOffer } from './app-url';
import type { CliIo } from './cli-io';
import { printPairingOffer } from './print-pairing';
import { startRelayProcess } from './relay-process';

/** The relay's default port, as `ringback relay` uses it. */
const DEFAULT_RELAY_PORT = 8791;

/** How long `up` waits for the daemon's link to its relay before printing the URL anyway. */
const LINK_WAIT_MS = 15_000;
const LINK_POLL_MS = 50;

async function waitForRelayLink(status: () => Promise<DaemonStatus>): Promise<boolean> {
  const deadline = Date.now() + LINK_WAIT_MS;
  for (;;) {
    const relay = (await status()).relay;
    if (!relay) return false; // not logged in: nothing will link
    if (relay.linked) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, LINK_POLL_MS));
  }
}

/**
 * `ringback up [--lan]`: the relay (its own process) and the daemon on their embedded defaults, the
 * daemon logged in to that relay (claiming it on first start), then the app's URL, already paired,
 * and its QR. `--lan` also listens on the LAN and prints a URL and QR for a phone on that network.
 */
export async function runUpCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'relay-data-dir': { type: 'string' },
      'relay-port': { type: 'string' },
      lan: { type: 'boolean' },
    },
    strict: true,
  });
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const relayDataDir =
    values['relay-data-dir'] ?? io.env.RINGBACK_RELAY_HOME ?? join(io.home, '.ringback-relay');
  const logger = createConsoleLogger();
  const lanAddress = values.lan ? firstLanAddress() : null;
  if (values.lan && !lanAddress)
    io.stderr('--lan: this computer has no LAN IPv4 address; serving 127.0.0.1 only\n');
  const relay = await startRelayProcess(
    [
      '--data-dir',
      relayDataDir,
      '--port',
      values['relay-port'] ?? String(DEFAULT_RELAY_PORT),
      // Every interface: the daemon keeps reaching the relay at 127.0.0.1, the phone at the LAN address.
      ...(lanAddress ? ['--host', '0.0.0.0'] : []),
    ],
    io.env,
  );
  let daemon: Awaited<ReturnType<typeof startDaemon>>;
  try {
    daemon = await startDaemon({
      dataDir,
      logger,
      env: io.env,
      cli: { nodePath: io.nodePath, cliScript: io.cliScript },
      ...(values.port === undefined ? {} : { port: Number(values.port) }),
    });
  } catch (error) {
    await relay.stop();
    throw error;
  }
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
    const claimCode = relay.claimCode;
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
  // The link's own log line ("linked to the relay…") comes before the URL, which stays the last
  // thing printed: what a user copies is never scrolled away by a late log line.
  if (!(await waitForRelayLink(() => local<DaemonStatus>('GET', '/status').then((r) => r.body)))) {
    io.stderr('the daemon is not linked to the relay yet; calls wait until it is\n');
  }

  io.stdout(
    `\nRingback is running.\n  relay:  ${relay.url} (data in ${relayDataDir})\n  daemon: ${daemon.url} (data in ${dataDir})\n`,
  );
  const offer = await local<PairingOffer & { error?: string; message?: string }>('POST', '/local/pairing');
  if (offer.status === 200) {
    // The phone gets a code of its own: each is single use, and this computer's browser may use the
    // first. Only a link to this relay can be rewritten to its LAN address.
    const phone =
      lanAddress && offer.body.serverUrl === relay.url
        ? await local<PairingOffer & { error?: string; message?: string }>('POST', '/local/pairing')
        : null;
    const lan =
      phone?.status === 200 ? lanOffer(phone.body, `http://${lanAddress}:${relay.port}`) : undefined;
    await printPairingOffer(offer.body, io, lan);
  } else {
    io.stderr(`no pairing code for another device: ${offer.body.message ?? offer.body.error}\n`);
  }
  io.stdout('\nStop with Ctrl-C.\n');

  const relayDied = await new Promise<boolean>((resolve) => {
    process.once('SIGINT', () => resolve(false));
    process.once('SIGTERM', () => resolve(false));
    relay.child.once('exit', () => resolve(true));
  });
  if (relayDied) io.stderr('the relay stopped; stopping the daemon too\n');
  await daemon.close();
  await relay.stop();
  return relayDied ? 1 : 0;
}
