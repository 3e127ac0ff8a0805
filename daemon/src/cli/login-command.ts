import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { PairingOffer } from '@ringback/protocol';
import { RingbackError } from '@ringback/protocol';
import { ConfigStore } from '../config/config-store';
import { resolveDataDir } from '../config/data-dir';
import { ensureE2eKey } from '../config/e2e-key';
import { createConsoleLogger } from '../log/logger';
import { createPairingOffer, type LoginRequest, type LoginResult, loginToRelay } from '../relay/relay-login';
import type { CliIo } from './cli-io';
import { callLocalDaemon, findRunningDaemon } from './local-daemon';
import { printPairingOffer } from './print-pairing';

/**
 * `ringback login [--server URL] [--claim-code CODE] [--name NAME] [code or pair link]`: creates
 * an account on the relay (asking for a private relay's claim code when needed) or joins one,
 * then prints a code, QR and link for the next device. A running daemon does the login itself,
 * so its configuration stays the one in force.
 */
export async function runLoginCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      'claim-code': { type: 'string' },
      name: { type: 'string' },
      'data-dir': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const login: LoginRequest = {
    ...(values.server ? { server: values.server } : {}),
    ...(positionals[0] ? { join: positionals[0] } : {}),
    ...(values['claim-code'] ? { claimCode: values['claim-code'] } : {}),
    ...(values.name ? { name: values.name } : {}),
  };
  const session = await openSession(dataDir);
  let result: LoginResult;
  try {
    result = await session.login(login);
  } catch (error) {
    if (!(error instanceof RingbackError) || error.code !== 'claim_code_required') throw error;
    const claimCode = await askClaimCode(io);
    if (!claimCode) {
      io.stderr(
        'This relay is private and has no owner yet: run again with --claim-code <the code the relay printed>.\n',
      );
      return 1;
    }
    result = await session.login({ ...login, claimCode });
  }
  io.stdout(
    `${result.joined ? 'Joined the account' : 'Created the account'} ${result.accountId} on ${result.serverUrl} ` +
      `as device ${result.deviceId}.\n` +
      (result.keyFromLink ? 'The end-to-end key came with the link.\n' : '') +
      (result.joined && !result.keyFromLink
        ? 'Set the same end-to-end key as your other devices (same passphrase) or their reports cannot be opened.\n'
        : ''),
  );
  await printPairingOffer(await session.pairingOffer(), io);
  return 0;
}

/** `ringback pair`: a new code, QR and link for another device. */
export async function runPairCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' } }, strict: true });
  const session = await openSession(resolveDataDir(values['data-dir'], io.env));
  await printPairingOffer(await session.pairingOffer(), io);
  return 0;
}

interface Session {
  login(request: LoginRequest): Promise<LoginResult>;
  pairingOffer(): Promise<PairingOffer>;
}

/** Through the running daemon when there is one, else on the data dir directly. */
async function openSession(dataDir: string): Promise<Session> {
  const daemon = await findRunningDaemon(dataDir);
  if (daemon) {
    return {
      login: (request) => callLocalDaemon<LoginResult>(daemon, 'POST', '/local/login', request),
      pairingOffer: () => callLocalDaemon<PairingOffer>(daemon, 'POST', '/local/pairing', {}),
    };
  }
  const logger = createConsoleLogger();
  const opened = await ConfigStore.open(dataDir, logger);
  const store = opened.store;
  // Logged in before the daemon's first run: the key the pairing link carries is made now.
  await ensureE2eKey(store, opened, logger);
  return {
    login: (request) => loginToRelay(dataDir, store, request),
    pairingOffer: () => createPairingOffer(dataDir, store),
  };
}

async function askClaimCode(io: CliIo): Promise<string | null> {
  if (!io.stdinIsTty) return null;
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(
      'This relay is private and has no owner yet. Its claim code (printed when it started): ',
    );
    return answer.trim() || null;
  } finally {
    prompt.close();
  }
}
