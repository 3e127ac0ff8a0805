import type { CliIo } from './cli-io';
import { startRelayProcess } from './relay-process';

/**
 * `ringback relay [--port N] [--host ADDRESS] [--data-dir DIR] [--public-url URL]`: the relay
 * server in the foreground, run as its own process (`relay/dist/relay.mjs`) with our output.
 */
export async function runRelayCommand(argv: string[], io: CliIo): Promise<number> {
  const starting = startRelayProcess(argv, io.env);
  // Taken from the start: the relay prints that it listens before its ready message reaches us,
  // and a Ctrl-C in between must stop it (once it is up) rather than kill this process outright.
  const stop = () => void starting.then((relay) => relay.stop()).catch(() => undefined);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const relay = await starting;
    const code = await new Promise<number | null>((resolve) => relay.child.once('exit', resolve));
    return code ?? 1;
  } catch (error) {
    io.stderr(`ringback relay: ${(error as Error).message}\n`);
    return 2;
  }
}
