import type { CliIo } from '../cli/cli-io';
import { loginServiceFor, loginServiceLine } from './login-service';
import type { ServiceHost } from './service-host';

const USAGE = 'Usage: ringback service install|uninstall|status\n';

/** `ringback service install|uninstall|status`: the daemon as this user's login service. */
export async function runServiceCommand(argv: string[], io: CliIo, host: ServiceHost): Promise<number> {
  const [action, ...rest] = argv;
  if (rest.length > 0 || (action !== 'install' && action !== 'uninstall' && action !== 'status')) {
    io.stderr(USAGE);
    return 2;
  }
  const service = loginServiceFor(host);
  if (!service) {
    io.stderr(`ringback service: no login service on ${host.platform} (Linux, macOS and Windows only)\n`);
    return 1;
  }
  try {
    if (action === 'status') {
      const status = await service.status();
      io.stdout(`${loginServiceLine(status)}\n`);
      return 0;
    }
    const { lines, warnings } =
      action === 'install' ? { lines: await service.install(), warnings: [] } : await service.uninstall();
    // Nothing of ours is left when uninstall returns: what it could not do is said, and it succeeded.
    for (const warning of warnings) io.stderr(`ringback service ${action}: ${warning}\n`);
    io.stdout(lines.map((line) => `${line}\n`).join(''));
    return 0;
  } catch (error) {
    io.stderr(`ringback service ${action}: ${(error as Error).message}\n`);
    return 1;
  }
}
