import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './cli-io';
import { runDaemonCommand } from './run-command';
import { statusCommand } from './status-command';

const USAGE = `Usage: ringback <command>

  up [--lan]                        start the relay and the daemon together, logged in to each other;
                                    prints the app's URL, already paired (--lan: also for a phone
                                    on this network)
  run [--data-dir DIR] [--port N]   start the daemon (local API on 127.0.0.1, default port 8790)
  status [--data-dir DIR]           whether the daemon runs and what is configured
  login [--server URL] [--claim-code C] [code or pair link]
                                    create or join an account on a relay; prints the app's URL
  pair                              a new pairing code, link and app URL (with its QR) for another device
  relay [--port N] [--data-dir DIR] [--public-url URL] [--app-dir DIR] [--push-subject mailto:…]
        [--push-origin URL]… [--tls-cert FILE --tls-key FILE]
                                    start the relay server (default port 8791), serving the app at /
  install                           register the Stop and PermissionRequest hooks with Claude Code and Codex
  uninstall                         remove Ringback's hooks
  away [on|off|auto]                whether you count as away from this computer (permission requests
                                    ring the phone only then): set by hand, or follow the idle time;
                                    bare, prints the state, the signal and the idle time
  service install|uninstall|status  run the daemon at login as this user's service (systemd user unit,
                                    LaunchAgent or logon task), start/stop it, or say its state
  hook claude-code|codex            the Stop hook itself (run by the agents)
  hook claude-code|codex permission the PermissionRequest hook (run by the agents)
  hook claude-code permission-mcp   the permission-prompt MCP server of a resumed Claude Code session
`;

/** Runs every `ringback` command except `hook`; returns the exit code. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        return await runDaemonCommand(rest, io);
      case 'status':
        return await statusCommand(rest, io);
      case 'up': {
        const { runUpCommand } = await import('./up-command');
        return await runUpCommand(rest, io);
      }
      case 'login': {
        const { runLoginCommand } = await import('./login-command');
        return await runLoginCommand(rest, io);
      }
      case 'pair': {
        const { runPairCommand } = await import('./login-command');
        return await runPairCommand(rest, io);
      }
      case 'relay': {
        const { runRelayCommand } = await import('./relay-command');
        return await runRelayCommand(rest, io);
      }
      case 'install': {
        const { runInstallCommand } = await import('../install/index');
        return await runInstallCommand(rest, io);
      }
      case 'uninstall': {
        const { runUninstallCommand } = await import('../install/index');
        return await runUninstallCommand(rest, io);
      }
      case 'away': {
        const { runAwayCommand } = await import('./away-command');
        return await runAwayCommand(rest, io);
      }
      case 'service': {
        const { processServiceHost, runServiceCommand } = await import('../service/index');
        return await runServiceCommand(rest, io, processServiceHost(io));
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr(`ringback: unknown command '${command}'\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.stderr(`ringback ${command}: ${(error as Error).message}\n`);
    return 1;
  }
}

function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    home: homedir(),
    nodePath: process.execPath,
    stdinIsTty: process.stdin.isTTY === true,
    // dist/daemon.mjs sits beside dist/ringback.mjs, the script the agents must run.
    cliScript: fileURLToPath(new URL('./ringback.mjs', import.meta.url)),
  };
}
