import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { AwayMode, PermissionCallSettingsReply } from '@ringback/protocol';
import { ConfigStore } from '../config/config-store';
import { resolveDataDir } from '../config/data-dir';
import {
  readPermissionCallSettings,
  updatedPermissionCallSettings,
  withPermissionCallSettings,
} from '../config/permission-call-settings';
import { createConsoleLogger } from '../log/logger';
import { awayLines } from './away-text';
import type { CliIo } from './cli-io';
import { callLocalDaemon, findRunningDaemon, readConfigFile } from './local-daemon';

const MODES: readonly AwayMode[] = ['on', 'off', 'auto'];

/**
 * `ringback away [on|off|auto]`: whether this computer counts the user as away (permission
 * requests ring the phone only then). `on`/`off` set it by hand, `auto` follows the idle time;
 * bare, it prints the state, the signal and the idle time. Through the running daemon; with
 * none, the setting is written to daemon.json for its next start.
 */
export async function runAwayCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [wanted, extra] = positionals;
  if (extra !== undefined || (wanted !== undefined && !MODES.includes(wanted as AwayMode))) {
    io.stderr('Usage: ringback away [on|off|auto]\n');
    return 2;
  }
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const daemon = await findRunningDaemon(dataDir);
  if (daemon) {
    const reply =
      wanted === undefined
        ? await callLocalDaemon<PermissionCallSettingsReply>(daemon, 'GET', '/settings/permission-calls')
        : await callLocalDaemon<PermissionCallSettingsReply>(daemon, 'PUT', '/settings/permission-calls', {
            away: wanted,
          });
    io.stdout(`${awayLines(reply.settings, reply.presence).join('\n')}\n`);
    return 0;
  }
  if (wanted === undefined) {
    const settings = readPermissionCallSettings((await readConfigFile(dataDir)) ?? {});
    io.stdout(
      `Away: ${settings.away} (the daemon is not running: no idle time is read, and no permission request rings)\n`,
    );
    return 0;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const { store } = await ConfigStore.open(dataDir, createConsoleLogger());
  await store.update((config) =>
    withPermissionCallSettings(
      config,
      updatedPermissionCallSettings(readPermissionCallSettings(config), { away: wanted as AwayMode }),
    ),
  );
  io.stdout(`Away: ${wanted} (saved; the daemon is not running and takes it when it starts)\n`);
  return 0;
}
